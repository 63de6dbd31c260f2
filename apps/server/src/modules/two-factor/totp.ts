import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { TWO_FACTOR } from '@provisio/contract';
import { hashToken } from '../../lib/tokens';

/** RFC 6238 with the authenticator apps' defaults: SHA-1, 6 digits, 30-second steps (otpauth does the maths). */
const totpOf = (secret: string, label = '', issuer = '') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TWO_FACTOR.digits,
    period: TWO_FACTOR.periodSeconds,
    secret: Secret.fromBase32(secret),
  });

/** A new secret of 160 bits (RFC 4226's recommendation), in base32 as the apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

export const otpauthUri = (secret: string, label: string, issuer: string): string =>
  totpOf(secret, label, issuer).toString();

export const stepAt = (now: number): number => Math.floor(now / 1000 / TWO_FACTOR.periodSeconds);

/**
 * The 30-second step a code belongs to, accepting one step of clock drift either way, or null when it matches none.
 * Whether that step was already used is the caller's (atomic) check.
 */
export function matchStep(secret: string, code: string, now: number): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : stepAt(now) + delta;
}

/** Recovery codes as shown (XXXX-XXXX-XXXX) and the hashes kept. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const { recoveryAlphabet: abc, recoveryLength: n, recoveryCodes: count } = TWO_FACTOR;
  const raw = Array.from({ length: count }, () => Array.from({ length: n }, () => abc[randomInt(abc.length)]).join(''));
  return { codes: raw.map((c) => c.replace(/(.{4})(?=.)/g, '$1-')), hashes: raw.map(hashRecoveryCode) };
}

/** The contract's RecoveryCode already took out dashes and spaces and made it upper case. */
export const hashRecoveryCode = (normalized: string): string => hashToken(`recovery:${normalized}`);
