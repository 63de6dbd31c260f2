import { beforeAll, describe, expect, it } from 'vitest';
import { emailRules } from './EmailForm';
import { linkRules } from './LinkForm';

const link = {
  email: 'ana@acme.example',
  did: '+1555',
  pin: '135790',
  password: 'Long-enough-1',
  domain: 'acme.example',
};
/** The message the link form shows: the first of its rules. */
const linkMessage = (values: typeof link, extension: string | undefined, hasDomains: boolean) =>
  Object.values(linkRules(extension, hasDomains)(values))[0] ?? null;

// The rules read the contract's schemas, fetched on first use (lib/form.ts `matches`): fetched once here.
beforeAll(async () => {
  await linkRules('100', true).load?.();
  await emailRules.load?.();
});

describe('link rules', () => {
  it('needs the extension first', () => {
    expect(linkMessage(link, '', true)).toBe('extensionNotSelected');
    expect(linkMessage({ ...link, email: '' }, undefined, true)).toBe('extensionNotSelected');
  });

  it.each(['email', 'did', 'pin', 'password'] as const)('needs %s', (field) => {
    expect(linkMessage({ ...link, [field]: '  ' }, '100', true)).toBe('linkFieldsRequired');
  });

  it('needs the domain only when the tenant has domains', () => {
    expect(linkMessage({ ...link, domain: '' }, '100', true)).toBe('linkFieldsRequired');
    expect(linkMessage({ ...link, domain: '' }, '100', false)).toBeNull();
  });

  it("uses the contract's rules for the rest", () => {
    expect(linkMessage({ ...link, email: 'not-an-email' }, '100', true)).toBe('emailInvalid');
    expect(linkMessage({ ...link, password: 'short' }, '100', true)).toBe('appPasswordMin');
    expect(linkMessage({ ...link, pin: '4321' }, '100', true)).toBe('linkPinRule');
    expect(linkMessage({ ...link, pin: '12345x' }, '100', true)).toBe('linkPinRule');
    expect(linkMessage(link, '100', true)).toBeNull();
  });
});

describe('email rules', () => {
  it('needs To, Subject and a body with text', () => {
    const ok = { to: 'a@b.example', cc: '', subject: 'Hi', body: '<p>Hello</p>' };
    expect(emailRules(ok)).toEqual({});
    expect(emailRules({ ...ok, to: '' })).toEqual({ to: 'emailFieldsRequired' });
    expect(emailRules({ ...ok, subject: ' ' })).toEqual({ subject: 'emailFieldsRequired' });
    expect(emailRules({ ...ok, body: '<p></p>' })).toEqual({ body: 'emailFieldsRequired' });
  });
});
