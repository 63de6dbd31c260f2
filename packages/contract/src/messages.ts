/**
 * The one catalogue of messages that both the server (error bodies, emails) and the web app (toasts, inline
 * validation) show. English is the spec's wording with its spelling mended (see docs/spec-deviations.md).
 * Placeholders use i18next's {{name}} syntax so the web can load this object as an i18next namespace.
 */
import { type Catalogue, type MessageKey, en } from './catalogues/en';
import { es } from './catalogues/es';
import { fr } from './catalogues/fr';
import { pt } from './catalogues/pt';

export const LANGUAGES = ['en', 'es', 'pt', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

export type { Catalogue, MessageKey } from './catalogues/en';

/** English, the fallback: always bundled by the web app; the other catalogues live in ./catalogues/. */
export const englishMessages: Catalogue = en;

export const messages: Record<Language, Catalogue> = { en, es, pt, fr };

export function isMessageKey(value: string): value is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, value);
}

/**
 * The number a message agrees with (issue #20: "1 are in use", "in 1 minutes"): `count` as in i18next, else the
 * first of `used`, `minutes`, `limit` the message is given. A key with plural forms has i18next's suffixes
 * (`tooManyAttempts_one`) next to the plain key, which is the `other` form.
 */
const PLURAL_BY = ['count', 'used', 'minutes', 'limit'] as const;

function pluralForm(lang: Language, key: MessageKey, params: Record<string, string | number>): MessageKey {
  const by = PLURAL_BY.find((p) => typeof params[p] === 'number');
  if (!by) return key;
  const form = `${key}_${new Intl.PluralRules(lang).select(params[by] as number)}`;
  return Object.hasOwn(messages[lang], form) ? (form as MessageKey) : key;
}

/** Fills {{name}} placeholders; used by the server (the web uses i18next, which reads the same syntax). */
export function formatMessage(lang: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  const form = pluralForm(lang, key, params);
  const template = messages[lang][form] ?? messages.en[form] ?? messages.en[key];
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    params[name] === undefined ? '' : String(params[name]),
  );
}

/** Picks the first supported language from an Accept-Language header. */
export function pickLanguage(header: string | undefined): Language {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0] as Language;
    if ((LANGUAGES as readonly string[]).includes(base)) return base;
  }
  return 'en';
}
