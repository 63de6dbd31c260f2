import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, englishMessages, type Language } from '@provisio/contract';
import { loadArea } from 'virtual:locale-areas';
import { englishAreas, onEnglishArea } from './locale-areas';

export const LANG_STORAGE_KEY = 'lang';

/** Names shown in the switcher, each in its own language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  pt: 'Português',
  fr: 'Français',
};

/**
 * The web's strings come by area (apps/web/build/locale-split.ts): English with the code that shows it, another
 * language area by area as the areas come into use, each a chunk of its own; the server's shared messages (the
 * contract's catalogue) of a language other than English with its first area. So a page carries the strings it shows
 * in one language rather than the whole app's in four.
 */
const CATALOGUES: Record<Exclude<Language, 'en'>, () => Promise<object>> = {
  es: () => import('@provisio/contract/catalogues/es').then((m) => m.es),
  pt: () => import('@provisio/contract/catalogues/pt').then((m) => m.pt),
  fr: () => import('@provisio/contract/catalogues/fr').then((m) => m.fr),
};

/** The language shown, or being switched to: areas that come into use are loaded in it. */
let wanted: Language = 'en';
const loads = new Map<string, Promise<void>>();

/** One area (or, with area '', the catalogue) of a language other than English, fetched once. */
function loadPart(lang: Exclude<Language, 'en'>, area: string): Promise<void> {
  const key = `${lang}/${area}`;
  let load = loads.get(key);
  if (!load) {
    load = (area === '' ? CATALOGUES[lang]() : loadArea(lang, area)).then(
      (strings) => {
        if (area === '') i18next.addResourceBundle(lang, 'msg', strings ?? {}, true, true);
        else if (strings) i18next.addResourceBundle(lang, 'translation', { [area]: strings }, true, true);
      },
      (error: unknown) => {
        loads.delete(key);
        throw error;
      },
    );
    loads.set(key, load);
  }
  return load;
}

/** Makes a language's strings of every area in use available (a no-op for English, which comes with the code). */
export async function loadLanguage(lang: Language): Promise<void> {
  setupI18n();
  if (lang === 'en') return;
  await Promise.all([loadPart(lang, ''), ...[...englishAreas().keys()].map((area) => loadPart(lang, area))]);
}

/** The strings of the areas in use, in the language shown (a screen waits for them before it renders). */
export function stringsReady(): Promise<void> {
  return loadLanguage(wanted).catch(() => undefined);
}

export function isLanguage(value: string | null | undefined): value is Language {
  return !!value && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  const stored = window.localStorage.getItem(LANG_STORAGE_KEY);
  return isLanguage(stored) ? stored : 'en';
}

/**
 * The language the server should answer in: the one chosen, also while its strings are still loading (the calls a
 * page makes at startup are answered in the stored language, as public/boot.js asks for them).
 */
export function requestLanguage(): Language {
  return wanted;
}

export function currentLanguage(): Language {
  const lang = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(lang) ? lang : 'en';
}

/**
 * Switches to a language. The choice is stored before its strings are fetched, so a page opened or reloaded while
 * they load is already in it; if they cannot be fetched the previous choice is put back.
 */
export async function changeLanguage(lang: Language) {
  const before = wanted;
  const stored = window.localStorage.getItem(LANG_STORAGE_KEY);
  wanted = lang;
  window.localStorage.setItem(LANG_STORAGE_KEY, lang);
  try {
    await loadLanguage(lang);
  } catch (error) {
    wanted = before;
    if (stored === null) window.localStorage.removeItem(LANG_STORAGE_KEY);
    else window.localStorage.setItem(LANG_STORAGE_KEY, stored);
    throw error;
  }
  await i18next.changeLanguage(lang);
}

/** Before the first render: the stored language, loaded, so the first paint is already in it. */
export async function startI18n(): Promise<void> {
  const lang = storedLanguage();
  setupI18n();
  wanted = lang;
  try {
    await loadLanguage(lang);
    await i18next.changeLanguage(lang);
  } catch {
    // Its chunk could not be fetched: the page stays in English rather than not rendering at all.
    wanted = 'en';
  }
}

/**
 * UI strings live in src/locales; server-shared texts (validation, toasts) come from the contract's catalogue
 * as the 'msg' namespace, so the form and the server say the same thing.
 */
export function setupI18n() {
  if (i18next.isInitialized) return i18next;
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: {}, msg: englishMessages } },
    // English first; startI18n switches to the stored language once its chunk is loaded.
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    ns: ['translation', 'msg'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    // A language is loaded before it is switched to, so nothing ever needs to suspend while loading.
    // Strings that arrive after a render (an area of the language shown) render again.
    react: { useSuspense: false, bindI18nStore: 'added' },
  });
  onEnglishArea((area, strings) => {
    i18next.addResourceBundle('en', 'translation', { [area]: strings }, true, true);
    if (wanted !== 'en') void loadPart(wanted as Exclude<Language, 'en'>, area).catch(() => undefined);
  });
  document.documentElement.lang = 'en';
  i18next.on('languageChanged', (next) => {
    document.documentElement.lang = next;
  });
  return i18next;
}
