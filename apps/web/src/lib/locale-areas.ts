/**
 * The English strings of the areas loaded so far (issue #17). The build (apps/web/build/locale-split.ts) puts each
 * area of src/locales/en.json in a module of its own that calls `addEnglish` when it runs, imported by every module
 * that names a key of that area: lib/i18n.ts adds them to i18next, and loads the same areas of the language shown.
 */
export type Strings = Record<string, unknown>;

const english = new Map<string, Strings>();
let listener: ((area: string, strings: Strings) => void) | undefined;

export function addEnglish(area: string, strings: Strings): void {
  if (english.has(area)) return;
  english.set(area, strings);
  listener?.(area, strings);
}

/** The areas in use: their names and English strings. */
export function englishAreas(): ReadonlyMap<string, Strings> {
  return english;
}

/** Told every area added, those already there first. */
export function onEnglishArea(fn: (area: string, strings: Strings) => void): void {
  listener = fn;
  for (const [area, strings] of english) fn(area, strings);
}
