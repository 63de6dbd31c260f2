import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, messages, type Language } from '@provisio/contract';
import en from '../locales/en.json';
import es from '../locales/es.json';
import fr from '../locales/fr.json';
import pt from '../locales/pt.json';

export const LANG_STORAGE_KEY = 'lang';

/** Names shown in the switcher, each in its own language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  pt: 'Português',
  fr: 'Français',
};

const ui = { en, es, pt, fr };

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
  window.localStorage.setItem(LANG_STORAGE_KEY, lang);
  await i18next.changeLanguage(lang);
}

/**
 * UI strings live in src/locales; server-shared texts (validation, toasts) come from the contract's catalogue
 * as the 'msg' namespace, so the form and the server say the same thing.
 */
export function setupI18n(lang: Language = storedLanguage()) {
  if (i18next.isInitialized) return i18next;
  const resources = Object.fromEntries(
    LANGUAGES.map((code) => [code, { translation: ui[code], msg: messages[code] }]),
  );
  void i18next.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    ns: ['translation', 'msg'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    // Every language is bundled, so nothing ever needs to suspend while loading.
    react: { useSuspense: false },
  });
  document.documentElement.lang = lang;
  i18next.on('languageChanged', (next) => {
    document.documentElement.lang = next;
  });
  return i18next;
}
