import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { PasswordQueue, type Ticket } from './password-queue';

// scrypt is memory-hard: N=2^15, r=8 uses 32 MiB per hash, about 60 ms here.
const PARAMS = { N: 1 << 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

/** libuv's thread pool (UV_THREADPOOL_SIZE is read by libuv itself, not by the portal's configuration). */
const THREAD_POOL = Number(process.env.UV_THREADPOOL_SIZE) || 4;
/** How long a password check may wait for a thread before it is refused (429) instead. */
const MAX_WAIT_MS = 2000;

/** Every scrypt of the process: two threads of the pool stay free for file reads and DNS (lib/password-queue.ts). */
export const passwordQueue = new PasswordQueue(Math.max(1, THREAD_POOL - 2), MAX_WAIT_MS);

function derive(ticket: Ticket, password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return ticket.run(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...opts, maxmem: 128 * 1024 * 1024 }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );
}

/** One admitted place in the password queue: what a sign-in, a password change or a reset does with it. */
export interface PasswordCheck {
  verify(password: string, stored: string): Promise<boolean>;
  /** Spends the same time as a real check, so an unknown username cannot be told apart by timing. */
  burn(password: string): Promise<false>;
  hash(password: string): Promise<string>;
}

const BURN_SALT = Buffer.alloc(16, 7);
const BURN_KEY = Buffer.alloc(KEY_LENGTH);

function checkOf(ticket: Ticket): PasswordCheck {
  return {
    async verify(password, stored) {
      const [scheme, n, r, p, salt, hash] = stored.split('$');
      if (scheme !== 'scrypt' || !salt || !hash) return false;
      const expected = Buffer.from(hash, 'base64url');
      const opts = { N: Number(n), r: Number(r), p: Number(p) };
      const key = await derive(ticket, password, Buffer.from(salt, 'base64url'), opts);
      return key.length === expected.length && timingSafeEqual(key, expected);
    },
    async burn(password) {
      // The same derivation and comparison as a check of a stored hash of the current parameters.
      const key = await derive(ticket, password, BURN_SALT, PARAMS);
      timingSafeEqual(key, BURN_KEY);
      return false;
    },
    async hash(password) {
      const salt = randomBytes(16);
      const key = await derive(ticket, password, salt, PARAMS);
      return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
    },
  };
}

/**
 * Admits one password check and runs `fn` with it, or refuses at once with 429 `server_busy` (Retry-After) when
 * the queue already holds about two seconds of work. Take it before the check's other work (the sign-in throttle),
 * so a refused request changes nothing.
 */
export function withPasswordCheck<T>(fn: (check: PasswordCheck) => Promise<T>): Promise<T> {
  return passwordQueue.with((ticket) => fn(checkOf(ticket)));
}

export const verifyPassword = (password: string, stored: string) =>
  withPasswordCheck((c) => c.verify(password, stored));

export const burnPasswordCheck = (password: string) => withPasswordCheck((c) => c.burn(password));

/**
 * Returns `scrypt$N$r$p$salt$hash` (base64url parts). Never refused: it waits its turn in the queue (background
 * jobs, administrators creating accounts); a caller that an anonymous burst could drive uses withPasswordCheck.
 */
export function hashPassword(password: string): Promise<string> {
  return passwordQueue.with((ticket) => checkOf(ticket).hash(password), false);
}

const GENERATED = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789!()';
/** 12 characters from letters, digits and ! ( ) (spec §5). */
export function generatePassword(length = 12): string {
  return Array.from({ length }, () => GENERATED[randomInt(GENERATED.length)]).join('');
}
