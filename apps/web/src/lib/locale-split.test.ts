import i18next from 'i18next';
import { AREAS, loadArea } from 'virtual:locale-areas';
import { describe, expect, it } from 'vitest';
import { languageNotLoaded } from '../test/languages';
import { areasNamedIn } from '../../build/locale-split';
import { screen } from '../app/lazy-screen';
import en from '../locales/en.json';
import es from '../locales/es.json';
import fr from '../locales/fr.json';
import pt from '../locales/pt.json';
import { changeLanguage, setupI18n } from './i18n';
import { englishAreas } from './locale-areas';

/** Every leaf key of a strings object, dotted ('auth.signIn'). */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

const SOURCES = { en, es, pt, fr } as const;

describe('the strings split by area at build time (apps/web/build/locale-split.ts)', () => {
  it("loads a screen's areas in the language shown before the screen renders", async () => {
    const i18n = setupI18n();
    const lang = languageNotLoaded(i18n);
    const source = SOURCES[lang];
    // No screen using the area was loaded before (this file runs first in its worker: vite.config.ts FIRST_USE).
    expect(englishAreas().has('endUser')).toBe(false);
    await changeLanguage(lang);
    expect(i18n.getResource(lang, 'translation', 'endUser')).toBeUndefined();
    const route = screen(() => import('../features/cdrs/components/CdrsPage'), 'CdrsPage');
    await (route.handle as { preload: () => Promise<unknown> }).preload();
    // The screen's chunk brought its English strings, and its preload the same area in the language shown.
    expect(englishAreas().has('endUser')).toBe(true);
    expect(i18n.getResource(lang, 'translation', 'endUser')).toEqual(source.endUser);
    // (The key is built, not written: a literal would make this file import the area itself.)
    const key = ['endUser', 'cdrs', 'myCalls'].join('.');
    expect(i18n.t(key)).toBe(source.endUser.cdrs.myCalls);
    await changeLanguage('en');
    expect(i18next.t(key)).toBe(en.endUser.cdrs.myCalls);
    // A whole screen's module graph, imported in jsdom: slow on a loaded machine.
  }, 90_000);

  it('has every key of every source file in exactly one area chunk', async () => {
    expect([...AREAS].sort()).toEqual(Object.keys(en).sort());
    for (const [lang, source] of Object.entries(SOURCES)) {
      const chunks: string[] = [];
      for (const area of AREAS) {
        const strings =
          lang === 'en'
            ? (await import(`virtual:locale/en/${area}`), englishAreas().get(area))
            : await loadArea(lang, area);
        chunks.push(...keys(strings ?? {}, area));
      }
      expect(chunks.length, lang).toBe(new Set(chunks).size);
      expect(chunks.sort(), lang).toEqual(keys(source).sort());
    }
  });

  it("names the areas a module's string literals start with", () => {
    const code = "t('auth.signIn'); t(`errors.${code}`); const x = \"nav.tenants\"; 'authx.no'; 'auth'; `common`";
    expect(areasNamedIn(code, ['auth', 'errors', 'nav', 'common'])).toEqual(['auth', 'errors', 'nav']);
  });
});
