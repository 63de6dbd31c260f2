import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { languageNotLoaded } from '../test/languages';
import { es } from '@provisio/contract/catalogues/es';
import { fr } from '@provisio/contract/catalogues/fr';
import { pt } from '@provisio/contract/catalogues/pt';
import { LANG_STORAGE_KEY, changeLanguage, setupI18n } from './i18n';

/** The shared messages of each language, from the contract's catalogues. */
const CATALOGUES = { fr, es, pt } as const;

describe('languages load when first used', () => {
  it('starts with English only, then loads another language (UI strings and the shared messages) on a switch', async () => {
    const i18n = setupI18n();
    expect(i18n.language).toBe('en');
    const lang = languageNotLoaded(i18n);
    expect(i18n.hasResourceBundle(lang, 'msg')).toBe(false);
    expect(i18n.t('msg:badRequest')).toBe('The request is not valid.');
    await changeLanguage(lang);
    expect(i18n.hasResourceBundle(lang, 'translation')).toBe(true);
    expect(i18n.language).toBe(lang);
    expect(i18n.t('msg:badRequest')).toBe(CATALOGUES[lang].badRequest);
    expect(i18n.t('errors.network')).not.toBe(i18next.getFixedT('en')('errors.network'));
    expect(window.localStorage.getItem(LANG_STORAGE_KEY)).toBe(lang);
    expect(document.documentElement.lang).toBe(lang);
    await changeLanguage('en');
    expect(i18n.t('msg:badRequest')).toBe('The request is not valid.');
  });
});
