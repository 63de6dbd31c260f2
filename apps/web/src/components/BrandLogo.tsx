import { Group, Text } from '@mantine/core';
import { useId } from 'react';

interface BrandLogoProps {
  /** Text colour for dark backgrounds (sidebar, login hero) or light ones (header). */
  tone?: 'light' | 'dark';
  size?: number;
  /** A reseller's brand (issue #19) shown instead of Provisio: its logo, when it has one, and its name. */
  brand?: { name: string; logo_url: string | null } | null;
  /** With a brand: `<testId>-name` and `<testId>-logo`. */
  testId?: string;
}

export function BrandMark({ size = 32 }: { size?: number }) {
  // A unique gradient id: with a fixed one, a second logo inside a hidden block (the sign-in hero on phones)
  // owns the gradient and the visible mark is painted with nothing.
  const gradient = `provisio-mark-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4466f2" />
          <stop offset="1" stopColor="#1ea6ec" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${gradient})`} />
      <path d="M22 16h13a11 11 0 0 1 0 22h-6v10h-7z M29 23v8h6a4 4 0 0 0 0-8z" fill="#fff" fillRule="evenodd" />
    </svg>
  );
}

export function BrandLogo({ tone = 'dark', size = 32, brand, testId = 'brand' }: BrandLogoProps) {
  const color = tone === 'light' ? 'white' : 'dark.7';
  if (brand) {
    return (
      <Group gap={10} wrap="nowrap" miw={0}>
        {brand.logo_url && (
          <img
            src={brand.logo_url}
            alt=""
            height={size}
            style={{ maxWidth: size * 4, objectFit: 'contain' }}
            data-testid={`${testId}-logo`}
          />
        )}
        <Text fw={700} fz={size * 0.56} lh={1.1} c={color} truncate data-testid={`${testId}-name`}>
          {brand.name}
        </Text>
      </Group>
    );
  }
  return (
    <Group gap={10} wrap="nowrap">
      <BrandMark size={size} />
      <Text fw={800} fz={size * 0.62} lh={1} c={color} style={{ letterSpacing: -0.5 }}>
        Provisio
      </Text>
    </Group>
  );
}
