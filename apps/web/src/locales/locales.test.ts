import { describe, expect, it } from 'vitest';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import pt from './pt.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

const locales: Record<string, Record<string, string>> = {
  en: flatten(en),
  es: flatten(es),
  pt: flatten(pt),
  fr: flatten(fr),
};

describe('locale files', () => {
  const english = Object.keys(locales.en).sort();

  // Plural forms follow each language's rules (i18next, Intl.PluralRules): Spanish, Portuguese and French have a
  // `many` form English lacks. Besides those, a language has exactly the English keys.
  const pluralForm = (lang: string) => (key: string) => {
    const m = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
    if (!m) return false;
    const rules = new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];
    return rules.includes(m[2]!) && (`${m[1]}_other` in locales.en! || `${m[1]}_one` in locales.en!);
  };

  it.each(['es', 'pt', 'fr'])('%s has exactly the English keys, plus its own plural forms', (lang) => {
    const keys = Object.keys(locales[lang]!);
    expect(keys.filter((k) => !(k in locales.en!) && !pluralForm(lang)(k))).toEqual([]);
    expect(english.filter((k) => !(k in locales[lang]!) && !pluralForm('en')(k))).toEqual([]);
  });

  it.each(Object.keys(locales))('%s has no empty values', (lang) => {
    const empty = Object.entries(locales[lang]).filter(([, value]) => value.trim() === '');
    expect(empty).toEqual([]);
  });

  it.each(['es', 'pt', 'fr'])('%s keeps the same {{placeholders}} as English', (lang) => {
    const names = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    for (const key of english.filter((k) => k in locales[lang]!)) {
      expect({ key, names: names(locales[lang][key]) }).toEqual({ key, names: names(locales.en[key]) });
    }
  });
});
