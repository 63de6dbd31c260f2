/**
 * Vite plugin (issue #17): the web's strings split by area at build time, so a page carries the strings it shows
 * rather than the whole app's. The source files stay one per language (src/locales/<lang>.json); an area is one
 * top-level key ("auth", "tenants", ...).
 *
 * - `virtual:locale/en/<area>`: English strings of one area; importing it adds them (lib/locale-areas.ts).
 * - Every module of src that names a key of an area in a string literal ('auth.signIn', `errors.${code}`) imports
 *   that area's English module (the import is added here, at build time): the strings travel in the same chunk
 *   graph as the code that shows them, so they are there before it renders.
 * - `virtual:locale/<lang>/<area>` (es, pt, fr): one area of another language, a chunk fetched by `loadArea` from
 *   `virtual:locale-areas` when that language is shown (lib/i18n.ts loads the areas already in use, and a screen's
 *   before it renders: app/lazy-screen.tsx).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const AREAS_ID = 'virtual:locale-areas';
const AREA_PREFIX = 'virtual:locale/';

const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;

/** The areas a module's source names: string literals (quotes or backticks) starting with `<area>.`. */
export function areasNamedIn(code: string, areas: readonly string[]): string[] {
  if (areas.length === 0) return [];
  const pattern = new RegExp(`['"\`](${areas.join('|')})\\.[A-Za-z_$]`, 'g');
  return [...new Set([...code.matchAll(pattern)].map((m) => m[1]!))].sort();
}

export function localeSplit(options: { localesDir: string; srcDir: string; store: string }): Plugin {
  const { localesDir, srcDir, store } = options;
  const languages = () =>
    fs
      .readdirSync(localesDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5));
  const areas = () => Object.keys(readJson(path.join(localesDir, 'en.json')));
  const owned = (id: string) => id.startsWith(srcDir) && /\.[cm]?[jt]sx?$/.test(id) && id !== store;

  return {
    name: 'provisio-locale-split',
    enforce: 'pre',
    resolveId(id) {
      return id === AREAS_ID || id.startsWith(AREA_PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === `\0${AREAS_ID}`) {
        const all = areas();
        const others = languages().filter((l) => l !== 'en');
        const rows = others.flatMap((lang) =>
          all.map(
            (area) =>
              `  ${JSON.stringify(`${lang}/${area}`)}: () => import(${JSON.stringify(`${AREA_PREFIX}${lang}/${area}`)}),`,
          ),
        );
        return [
          `export const AREAS = ${JSON.stringify(all)};`,
          `const chunks = {\n${rows.join('\n')}\n};`,
          'export const loadArea = (lang, area) => {',
          '  const chunk = chunks[`${lang}/${area}`];',
          '  return chunk ? chunk().then((m) => m.default) : Promise.resolve(undefined);',
          '};',
        ].join('\n');
      }
      if (!id.startsWith(`\0${AREA_PREFIX}`)) return undefined;
      const [lang, area] = id.slice(AREA_PREFIX.length + 1).split('/') as [string, string];
      const file = path.join(localesDir, `${lang}.json`);
      this.addWatchFile(file);
      const strings = JSON.stringify(readJson(file)[area] ?? {});
      return lang === 'en'
        ? `import { addEnglish } from ${JSON.stringify(store)};\naddEnglish(${JSON.stringify(area)}, ${strings});\n`
        : `export default ${strings};\n`;
    },
    transform(code, id) {
      if (!owned(id)) return undefined;
      const named = areasNamedIn(code, areas());
      if (named.length === 0) return undefined;
      // Appended, so the module's lines keep their numbers; imports run first wherever they are written.
      const imports = named.map((area) => `import ${JSON.stringify(`${AREA_PREFIX}en/${area}`)};`).join('\n');
      return { code: `${code}\n${imports}\n`, map: null };
    },
  };
}
