import type { MantineColorsTuple } from '@mantine/core';
import type { PublicBranding } from '@provisio/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { callApi } from './api';

/**
 * A reseller's white-label brand (issue #19) as a page shows it: the Mantine colours (app/providers.tsx reads them
 * from here), the tab's title and its icon. Shared by the admin shell (myBranding) and the end-user pages
 * (publicBranding), so it stays small: no zod, no form.
 */
export type ShownBrand = Pick<PublicBranding, 'name' | 'logo_url' | 'primary_color' | 'secondary_color'>;
export interface BrandColors {
  primary: string;
  secondary: string;
}

const HEX = /^#[0-9a-f]{6}$/i;
const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const toHex = (channels: number[]) => `#${channels.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
const mix = (hex: string, toward: number, amount: number) => toHex(rgb(hex).map((c) => c + (toward - c) * amount));

/** Ten shades with the brand colour as shade 6 (the theme's primaryShade): tints of it before, shades after. */
export function brandShades(hex: string): MantineColorsTuple {
  const tints = [0.92, 0.82, 0.64, 0.46, 0.3, 0.15].map((a) => mix(hex, 255, a));
  const shades = [0.12, 0.24, 0.36].map((a) => mix(hex, 0, a));
  return [...tints, hex.toLowerCase(), ...shades] as unknown as MantineColorsTuple;
}

let colors: BrandColors | null = null;
const listeners = new Set<() => void>();
const setColors = (next: BrandColors | null) => {
  colors = next;
  listeners.forEach((listener) => listener());
};

/** The brand colours in force, or null for the portal's own. */
export function useBrandColors(): BrandColors | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => colors,
  );
}

function iconLink(): HTMLLinkElement | null {
  return document.querySelector<HTMLLinkElement>('link[rel="icon"]');
}

/** While mounted with a brand: its colours in the theme, its name as the tab's title, its logo as the tab's icon. */
export function useShowBrand(brand: ShownBrand | null | undefined): void {
  const { name, logo_url, primary_color, secondary_color } = brand ?? {};
  useEffect(() => {
    if (!name || !primary_color || !secondary_color) return;
    const title = document.title;
    const icon = iconLink();
    const iconAttrs = icon && { href: icon.getAttribute('href'), type: icon.getAttribute('type') };
    if (HEX.test(primary_color) && HEX.test(secondary_color))
      setColors({ primary: primary_color, secondary: secondary_color });
    document.title = name;
    if (icon && logo_url) {
      icon.removeAttribute('type');
      icon.setAttribute('href', logo_url);
    }
    return () => {
      setColors(null);
      document.title = title;
      if (icon && iconAttrs?.href) icon.setAttribute('href', iconAttrs.href);
      if (icon && iconAttrs?.type) icon.setAttribute('type', iconAttrs.type);
    };
  }, [name, logo_url, primary_color, secondary_color]);
}

const BRAND_PARAM = 'brand';
const BRAND_STORE = 'provisio.brand';

/**
 * The reseller id an email's link carries (`&brand=<id>`), kept for the rest of the visit so the pages it leads to
 * (sign-in, then settings) keep the brand.
 */
export function brandFromUrl(search: string): number | undefined {
  const raw = new URLSearchParams(search).get(BRAND_PARAM);
  const fromUrl = raw && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : undefined;
  try {
    if (fromUrl) sessionStorage.setItem(BRAND_STORE, String(fromUrl));
    const kept = sessionStorage.getItem(BRAND_STORE);
    return fromUrl ?? (kept ? Number(kept) : undefined);
  } catch {
    return fromUrl;
  }
}

/** The brand of an end-user page: the server picks it by the request's host name first, then by `brand`. */
export function usePublicBranding(brand: number | undefined) {
  return useQuery({
    queryKey: ['branding', 'public', brand ?? null],
    queryFn: async () =>
      (await callApi('publicBranding', brand ? { brand } : {}, { auth: false, silent: true })).branding,
    staleTime: Infinity,
    retry: false,
  });
}
