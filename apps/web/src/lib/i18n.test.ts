import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANG_STORAGE_KEY, changeLanguage, setupI18n } from './i18n';

describe('languages load when first used', () => {
  it('starts with English only, then loads French (UI strings and the shared messages) on a switch', async () => {
    const i18n = setupI18n();
    expect(i18n.language).toBe('en');
    expect(i18n.hasResourceBundle('fr', 'translation')).toBe(false);
    expect(i18n.t('msg:badRequest')).toBe('The request is not valid.');
    await changeLanguage('fr');
    expect(i18n.hasResourceBundle('fr', 'translation')).toBe(true);
    expect(i18n.language).toBe('fr');
    expect(i18n.t('msg:badRequest')).toBe("La requête n'est pas valide.");
    expect(i18n.t('errors.network')).not.toBe(i18next.getFixedT('en')('errors.network'));
    expect(window.localStorage.getItem(LANG_STORAGE_KEY)).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    await changeLanguage('en');
    expect(i18n.t('msg:badRequest')).toBe('The request is not valid.');
  });
});
