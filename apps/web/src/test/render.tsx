import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, type InitialEntry, type RouteObject } from 'react-router';
import { Providers } from '../app/providers';

/** Renders routes in memory with the app's real providers and a fresh query cache. */
export function renderRoutes(routes: RouteObject[], initialEntry: InitialEntry) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, queryClient };
}

/** A fetch stub answering by path; unknown paths get a 404 error body. */
export function stubFetch(replies: Record<string, { status?: number; body: unknown }>) {
  return async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname.replace('/api/v1', '');
    const reply = replies[path] ?? { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
}
