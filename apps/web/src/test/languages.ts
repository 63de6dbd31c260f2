import type { i18n as I18n } from 'i18next';

/**
 * A language other than English that no earlier test has switched to: the test files of a worker share one module
 * graph (vite.config.ts, isolate: false), and so one i18next; the tests of a language's first use need a fresh one.
 */
export function languageNotLoaded(i18n: I18n) {
  const lang = (['fr', 'es', 'pt'] as const).find((l) => !i18n.hasResourceBundle(l, 'translation'));
  if (!lang) throw new Error('every language is already loaded in this worker: run this test first (FIRST_USE)');
  return lang;
}
