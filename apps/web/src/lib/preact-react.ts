/**
 * What `react` resolves to in the web build and its unit tests (vite.config.ts aliases, docs/architecture.md
 * "Preact"): Preact's React compatibility layer, plus the one React 19.2 export the libraries import that
 * preact/compat 11 lacks, `Activity` (Mantine's Tabs, Collapse, Transition, Stepper and Tree with `keepMounted`).
 */
import { createElement, type ComponentChildren } from 'preact';
import compat from 'preact/compat';

// preact/compat's types are written as `export =` (CommonJS style), which TypeScript will not re-export with `export *`;
// the module itself is ES and re-exports fine. Our code is type-checked against @types/react, not this file's exports.
// @ts-expect-error TS2498
export * from 'preact/compat';

/**
 * React's `<Activity mode>` keeps its children mounted (state kept) and, while `hidden`, hides them. Here the children
 * always sit in one wrapper element, so switching modes never remounts them: `display: contents` when visible (the
 * wrapper draws no box; the children lay out as if it were not there) and `display: none` when hidden. Unlike React,
 * hidden children keep their effects running (what Mantine's own `keepMountedMode="display-none"` does too).
 */
export function Activity({
  mode = 'visible',
  children,
}: {
  mode?: 'visible' | 'hidden';
  children?: ComponentChildren;
}) {
  return createElement(
    'div',
    { style: { display: mode === 'hidden' ? 'none' : 'contents' }, 'data-activity': mode },
    children,
  );
}

export default { ...compat, Activity };
