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

  it.each(['es', 'pt', 'fr'])('%s has exactly the English keys', (lang) => {
    expect(Object.keys(locales[lang]).sort()).toEqual(english);
  });

  it.each(Object.keys(locales))('%s has no empty values', (lang) => {
    const empty = Object.entries(locales[lang]).filter(([, value]) => value.trim() === '');
    expect(empty).toEqual([]);
  });

  it.each(['es', 'pt', 'fr'])('%s keeps the same {{placeholders}} as English', (lang) => {
    const names = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    for (const key of english) {
      expect({ key, names: names(locales[lang][key]) }).toEqual({ key, names: names(locales.en[key]) });
    }
  });
});
