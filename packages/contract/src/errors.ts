/**
 * Stable error codes and the HTTP status each maps to. The server answers them in ErrorBody's `code` (a plain
 * string on the wire, so an older or newer client still reads the reply); the web compares against these names.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  malformed_json: 400,
  wrong_password: 400,
  /** A second-factor code that is wrong or used, where a 401 would end the caller's session (issue #18). */
  wrong_code: 400,
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
  /** A licence limit below what is in use, sent without confirm_below_use (issue #20): ask the user, then resend. */
  licence_below_use: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_attempts: 429,
  /** An API key past its requests per minute (API_KEY_RATE_PER_MINUTE): retry after Retry-After seconds. */
  rate_limited: 429,
  /** Too many password checks are waiting for the machine (a burst of sign-ins): retry after Retry-After seconds. */
  server_busy: 429,
  /** A telephony part the request needs (Kamailio's RPC, rtpengine) does not answer: the caller can retry later. */
  platform_unreachable: 424,
  internal_error: 500,
  service_unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_STATUS, value);
}
