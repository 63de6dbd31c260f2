import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@provisio/contract';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import fr from '../../locales/fr.json';
import pt from '../../locales/pt.json';

// Issue #20: the audit trail mixed translated and raw entity names (extension, app_account...). Every entity and
// action the server records has its name in every language, so a new one fails here until it is named.
describe('audit trail labels', () => {
  it.each([
    ['en', en],
    ['es', es],
    ['pt', pt],
    ['fr', fr],
  ] as const)('names every entity and action in %s', (_lang, strings) => {
    const audit = strings.audit as { entities: Record<string, string>; actions: Record<string, string> };
    expect(AUDIT_ENTITIES.filter((e) => !audit.entities[e])).toEqual([]);
    expect(AUDIT_ACTIONS.filter((a) => !audit.actions[a])).toEqual([]);
  });
});
