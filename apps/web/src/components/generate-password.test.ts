import { describe, expect, it } from 'vitest';
import { GENERATED_PASSWORD_ALPHABET, generatePassword } from './generate-password';

describe('generatePassword', () => {
  it('makes 12 characters from letters, digits and ! ( ) only', () => {
    for (let i = 0; i < 500; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(12);
      expect(password).toMatch(/^[A-Za-z0-9!()]{12}$/);
    }
  });

  it('uses the whole alphabet and does not repeat itself', () => {
    const seen = new Set<string>();
    const passwords = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const password = generatePassword();
      passwords.add(password);
      for (const c of password) seen.add(c);
    }
    expect(passwords.size).toBe(500);
    expect(seen.size).toBe(GENERATED_PASSWORD_ALPHABET.length);
  });
});
