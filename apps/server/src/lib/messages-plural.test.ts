import { LANGUAGES, formatMessage, messages } from '@provisio/contract';
import { describe, expect, it } from 'vitest';

/** Messages that show a number agree with it (issue #20: "1 are in use", "in 1 minutes"). */
describe('plural forms of the message catalogues', () => {
  it('picks the singular for one and the plural for other numbers, per language', () => {
    expect(formatMessage('en', 'tooManyAttempts', { minutes: 1 })).toBe(
      'Too many failed sign-in attempts. Please try again in 1 minute.',
    );
    expect(formatMessage('en', 'tooManyAttempts', { minutes: 15 })).toBe(
      'Too many failed sign-in attempts. Please try again in 15 minutes.',
    );
    expect(formatMessage('en', 'mobileLimitReached', { limit: 1, used: 1 })).toBe(
      'The mobile app licence limit of this tenant is 1; 1 is in use.',
    );
    expect(formatMessage('en', 'mobileLimitReached', { limit: 2, used: 2 })).toBe(
      'The mobile app licence limit of this tenant is 2; 2 are in use.',
    );
    // French treats 0 as singular, English as plural.
    expect(formatMessage('fr', 'monitorLimitReached', { limit: 0 })).toBe(
      'La licence Call Monitor de ce locataire permet 0 auditeur à la fois ; il est utilisé.',
    );
    expect(formatMessage('en', 'monitorLimitReached', { limit: 0 })).toBe(
      "This tenant's Call Monitor licence allows 0 listeners at a time; all are in use.",
    );
    expect(formatMessage('pt', 'tooManyQrEmails', { minutes: 1 })).toMatch(/em 1 minuto\.$/);
    expect(formatMessage('es', 'tooManyQrEmails', { minutes: 2 })).toMatch(/dentro de 2 minutos\.$/);
  });

  it('gives every plural form a plain key and the same forms in every language', () => {
    const forms = (lang: (typeof LANGUAGES)[number]) =>
      Object.keys(messages[lang])
        .filter((k) => /_(zero|one|two|few|many|other)$/.test(k))
        .sort();
    const en = forms('en');
    expect(en.length).toBeGreaterThanOrEqual(11);
    for (const lang of LANGUAGES) {
      expect(forms(lang), lang).toEqual(en);
      for (const k of forms(lang)) expect(Object.hasOwn(messages[lang], k.replace(/_[a-z]+$/, '')), k).toBe(true);
    }
  });
});
