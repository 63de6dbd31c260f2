import { Center, Loader } from '@mantine/core';
import { Suspense, lazy, useState, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { stringsReady } from '../lib/i18n';

/** What a lazy route keeps in its `handle`: how to fetch its chunk ahead of the first render. */
interface ScreenHandle {
  preload: () => Promise<unknown>;
}

const isScreenHandle = (handle: unknown): handle is ScreenHandle =>
  typeof handle === 'object' && handle !== null && 'preload' in handle;

/** The Suspense fallback of a screen inside a page: a loader where the screen will be. */
export const screenLoader = (
  <Center py="xl" data-testid="screen-loader">
    <Loader />
  </Center>
);

/**
 * A route's element in a chunk of its own, so a page never downloads the screens it does not show (the sign-in and
 * end-user pages neither the admin shell nor its screens). Spread into a route: `{ path, ...screen(load, name) }`.
 * The chunk is fetched once, on the first render or by `preloadScreens`; a failed fetch is tried again next time.
 * The screen's strings come with its chunk (apps/web/build/locale-split.ts); in another language than English,
 * their areas are fetched before the screen renders (`stringsReady`), so it never shows a key or English first.
 */
export function screen<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  fallback: ReactNode = screenLoader,
): Pick<RouteObject, 'element' | 'handle'> {
  let loading: Promise<{ default: ComponentType }> | undefined;
  let loaded: ComponentType | undefined;
  const preload = () =>
    (loading ??= load().then(
      async (module) => {
        await stringsReady();
        return { default: (loaded = module[name]) };
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  // A chunk already loaded (preloaded for the first page) renders at once: React.lazy would show the fallback for a
  // frame even then. Chosen once per mount, so the screen never changes type (and state) under the user.
  const Screen = () => {
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <Lazy />;
  };
  return {
    element: (
      <Suspense fallback={fallback}>
        <Screen />
      </Suspense>
    ),
    handle: { preload } satisfies ScreenHandle,
  };
}

/**
 * Fetches the chunks of every lazy route matching `pathname` at once (the shell and its screen), so the first page
 * is drawn whole rather than through its loaders one after the other. Never fails: a chunk that could not be
 * fetched is tried again, and reported, when the route renders.
 */
export async function preloadScreens(routes: RouteObject[], pathname: string): Promise<void> {
  const handles = (matchRoutes(routes, pathname) ?? []).map((m) => m.route.handle).filter(isScreenHandle);
  await Promise.allSettled(handles.map((h) => h.preload()));
}
