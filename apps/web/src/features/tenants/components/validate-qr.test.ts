import { describe, expect, it } from 'vitest';
import { validateEmail, validateLink } from './validate-qr';

const link = { email: 'ana@acme.example', did: '+1555', pin: '135790', password: 'Long-enough-1', domain: 'acme.example' };

describe('validateLink', () => {
  it('needs the extension first', () => {
    expect(validateLink(link, '', true)).toBe('extensionNotSelected');
    expect(validateLink(link, undefined, true)).toBe('extensionNotSelected');
  });

  it.each(['email', 'did', 'pin', 'password'] as const)('needs %s', (field) => {
    expect(validateLink({ ...link, [field]: '  ' }, '100', true)).toBe('linkFieldsRequired');
  });

  it('needs the domain only when the tenant has domains', () => {
    expect(validateLink({ ...link, domain: '' }, '100', true)).toBe('linkFieldsRequired');
    expect(validateLink({ ...link, domain: '' }, '100', false)).toBeNull();
  });

  it("uses the contract's rules for the rest", () => {
    expect(validateLink({ ...link, email: 'not-an-email' }, '100', true)).toBe('emailInvalid');
    expect(validateLink({ ...link, password: 'short' }, '100', true)).toBe('appPasswordMin');
    expect(validateLink({ ...link, pin: '4321' }, '100', true)).toBe('linkPinRule');
    expect(validateLink({ ...link, pin: '12345x' }, '100', true)).toBe('linkPinRule');
    expect(validateLink(link, '100', true)).toBeNull();
  });
});

describe('validateEmail', () => {
  it('needs To, Subject and a body with text', () => {
    const ok = { to: 'a@b.example', cc: '', subject: 'Hi', body: '<p>Hello</p>' };
    expect(validateEmail(ok)).toBeNull();
    expect(validateEmail({ ...ok, to: '' })).toBe('emailFieldsRequired');
    expect(validateEmail({ ...ok, subject: ' ' })).toBe('emailFieldsRequired');
    expect(validateEmail({ ...ok, body: '<p></p>' })).toBe('emailFieldsRequired');
  });
});
