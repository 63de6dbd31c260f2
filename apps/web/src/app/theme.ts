import { createTheme, type MantineColorsTuple } from '@mantine/core';

// Shade 6 is the spec's colour (#4466f2 primary, #1ea6ec secondary); the others are tints and shades of it.
const brand: MantineColorsTuple = [
  '#eef1fe',
  '#dbe2fd',
  '#b5c3fa',
  '#8da2f7',
  '#6d88f5',
  '#5877f3',
  '#4466f2',
  '#3553d6',
  '#2a45b8',
  '#1f3696',
];
const secondary: MantineColorsTuple = [
  '#e6f6fd',
  '#cdeefb',
  '#9fddf7',
  '#6ccbf3',
  '#47bcf0',
  '#30b1ee',
  '#1ea6ec',
  '#1290d1',
  '#0a7ab3',
  '#056091',
];

export const SIDEBAR_BG = '#151a2d';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand, secondary },
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Users who ask their system for reduced motion get none of Mantine's transitions (modals, menus, notifications).
  respectReducedMotion: true,
  components: {
    Card: { defaultProps: { radius: 'lg', withBorder: true, shadow: 'xs' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Button: { defaultProps: { radius: 'md' } },
    // Mantine keeps every Select's dropdown mounted (hidden) and positions it as soon as the field mounts: on a screen
    // with a long table each field forced a style and layout pass of the whole page (measured on /tenants, issue
    // #19). The dropdown is mounted when it opens instead.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});
