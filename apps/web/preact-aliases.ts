/**
 * The web app runs on Preact through its React compatibility layer, preact/compat (docs/architecture.md, "Preact":
 * why, what it costs, how to go back). Every import of React, in our code and in the libraries, is resolved here:
 * vite.config.ts uses `preactAliases` for the build and the unit tests, and `preactTestOptions` for vitest only.
 */
import fs from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const nodeModules = path.resolve(here, '../../node_modules');
const useSyncExternalStoreShim = path.resolve(here, 'src/lib/use-sync-external-store-shim.ts');

export const preactAliases = [
  // preact/compat plus React 19.2's Activity (src/lib/preact-react.ts).
  { find: /^react$/, replacement: path.resolve(here, 'src/lib/preact-react.ts') },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  // @testing-library/react's act, in the unit tests.
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  // React's CommonJS shim for React < 18 (react-i18next, @tiptap/react): the hooks on preact/compat instead.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: useSyncExternalStoreShim },
  { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: useSyncExternalStoreShim },
];

/**
 * Vitest runs libraries from node_modules in Node, where the aliases do not apply: the ones that import React are
 * run through Vite instead (`inline`), and those whose Node entry is CommonJS (a `require('react')` the aliases
 * cannot see) are taken from their ES module build.
 */
// Packages whose Node entry is CommonJS, taken from their ES module build (package.json `module`).
const ES_BUILDS = [
  '@testing-library/react',
  '@tabler/icons-react',
  '@tanstack/react-table',
  '@floating-ui/react',
  '@floating-ui/react-dom',
  'react-remove-scroll',
  'react-remove-scroll-bar',
  'react-remove-scroll-bar/constants',
  'react-style-singleton',
  'use-callback-ref',
  'use-sidecar',
  'react-transition-group',
  'react-number-format',
  'qrcode.react',
  'react-router',
];

function esBuild(name: string): { find: RegExp; replacement: string } {
  const dir = path.join(nodeModules, name);
  const { module } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { module: string };
  return { find: new RegExp(`^${name.replace(/[./]/g, '\\$&')}$`), replacement: path.join(dir, module) };
}

/** Preact's effects timed as React's in a test: a setup file after vitest.setup.ts. */
export const preactTestSetup = './src/lib/preact-test-setup.ts';

export const preactTestOptions = {
  alias: ES_BUILDS.map(esBuild),
  server: {
    deps: {
      inline: [
        /@testing-library\/react/,
        /@mantine\//,
        /@tabler\//,
        /@tanstack\//,
        /@tiptap\//,
        /@floating-ui\//,
        /react-i18next/,
        /react-router/,
        /react-remove-scroll/,
        /react-transition-group/,
        /react-style-singleton/,
        /react-number-format/,
        /use-callback-ref/,
        /use-sidecar/,
        /qrcode\.react/,
      ],
    },
  },
};
