import type { MessageKey } from '@provisio/contract';

/** Stable error codes and the HTTP status each maps to. */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  malformed_json: 400,
  wrong_password: 400,
  reset_link_invalid: 400,
  reset_link_used: 400,
  reset_link_expired: 400,
  invalid_image: 400,
  weak_password: 400,
  locked_on_edit: 400,
  invalid_credentials: 401,
  not_signed_in: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  domain_exists: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_attempts: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * The one error type of the server. `message` is a catalogue key; the error handler translates it into the
 * caller's language, so services never deal with languages.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(`${code}: ${messageKey}`);
    this.status = ERROR_STATUS[code];
  }
}

export const forbidden = () => new AppError('forbidden', 'forbidden');
export const notFound = () => new AppError('not_found', 'notFound');

/** True when a write failed on a unique index (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE): a lost race. */
export function isUniqueViolation(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : '';
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Runs a write and turns a unique-index failure into the given conflict. */
export async function uniqueOr<T>(write: () => Promise<T>, conflict: () => AppError): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict();
    throw err;
  }
}
