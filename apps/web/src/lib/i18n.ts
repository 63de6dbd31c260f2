import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, englishMessages, type Language } from '@provisio/contract';
import en from '../locales/en.json';

export const LANG_STORAGE_KEY = 'lang';

/** Names shown in the switcher, each in its own language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  pt: 'Português',
  fr: 'Français',
};

type Bundle = { ui: object; msg: object };

/**
 * English is bundled (it is the fallback); every other language is a chunk of its own, fetched when it is first
 * used, so a page carries one language rather than four.
 */
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<Bundle>> = {
  es: async () => {
    const [ui, msg] = await Promise.all([import('../locales/es.json'), import('@provisio/contract/catalogues/es')]);
    return { ui: ui.default, msg: msg.es };
  },
  pt: async () => {
    const [ui, msg] = await Promise.all([import('../locales/pt.json'), import('@provisio/contract/catalogues/pt')]);
    return { ui: ui.default, msg: msg.pt };
  },
  fr: async () => {
    const [ui, msg] = await Promise.all([import('../locales/fr.json'), import('@provisio/contract/catalogues/fr')]);
    return { ui: ui.default, msg: msg.fr };
  },
};

/** Makes a language's strings available (a no-op for English and for a language already loaded). */
export async function loadLanguage(lang: Language): Promise<void> {
  const i18n = setupI18n();
  if (lang === 'en' || i18n.hasResourceBundle(lang, 'translation')) return;
  const { ui, msg } = await LOADERS[lang]();
  i18n.addResourceBundle(lang, 'translation', ui, true, true);
  i18n.addResourceBundle(lang, 'msg', msg, true, true);
}

export function isLanguage(value: string | null | undefined): value is Language {
  return !!value && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  const stored = window.localStorage.getItem(LANG_STORAGE_KEY);
  return isLanguage(stored) ? stored : 'en';
}

export function currentLanguage(): Language {
  const lang = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(lang) ? lang : 'en';
}

export async function changeLanguage(lang: Language) {
  await loadLanguage(lang);
  window.localStorage.setItem(LANG_STORAGE_KEY, lang);
  await i18next.changeLanguage(lang);
}

/** Before the first render: the stored language, loaded, so the first paint is already in it. */
export async function startI18n(): Promise<void> {
  const lang = storedLanguage();
  setupI18n();
  try {
    await loadLanguage(lang);
    await i18next.changeLanguage(lang);
  } catch {
    // Its chunk could not be fetched: the page stays in English rather than not rendering at all.
  }
}

/**
 * UI strings live in src/locales; server-shared texts (validation, toasts) come from the contract's catalogue
 * as the 'msg' namespace, so the form and the server say the same thing.
 */
export function setupI18n() {
  if (i18next.isInitialized) return i18next;
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en, msg: englishMessages } },
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
    react: { useSuspense: false },
  });
  document.documentElement.lang = 'en';
  i18next.on('languageChanged', (next) => {
    document.documentElement.lang = next;
  });
  return i18next;
}
