import { API_KEY, API_KEY_CLASSES, type ApiKeyClass, CALLS } from '@provisio/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps';
import type { Caller } from '../../lib/caller';
import { AppError } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { addressAllowed } from './addresses';
import { claimRequest } from './rate-limit';

/**
 * Calls made with `Authorization: Bearer <key>` (issue #18 item 2). The key is read from the database on every
 * call (no cache), so a revocation holds from the next call on, on every instance. docs/security.md, "API keys",
 * describes the mapping of a key's scope onto a caller and which calls a key may make.
 */

const KEY_SHAPE = new RegExp(`^${API_KEY.prefix}[A-Za-z0-9_-]{43}$`);

/** The key of an `Authorization: Bearer …` header; undefined without one (other schemes are not ours). */
export function bearerOf(header: string | undefined): string | undefined {
  const m = header ? /^Bearer\s+(\S*)\s*$/i.exec(header) : null;
  return m ? (m[1] ?? '') : undefined;
}

/** Each /api/v1 route's class for keys (a route not classed is refused to every key). */
const CLASS_OF = new Map<string, ApiKeyClass>(
  Object.entries(CALLS).map(([name, c]) => [
    `${c.method} /api/v1${c.path}`,
    (API_KEY_CLASSES as Partial<Record<string, ApiKeyClass>>)[name] ?? 'none',
  ]),
);
export const classOfRoute = (method: string, url: string): ApiKeyClass =>
  CLASS_OF.get(`${method === 'HEAD' ? 'GET' : method} ${url}`) ?? 'none';

interface KeyRow {
  id: number;
  name: string;
  scope: 'all' | 'reseller' | 'tenant';
  reseller_id: number | null;
  tenant_id: string | null;
  read_only: number;
  expires_at: number | null;
  allowed_ips: string;
}

/** A key's caller: the role a session of the same scope has, marked as a key (never an account's own id). */
function callerOfKey(k: KeyRow): Caller {
  const role = k.scope === 'all' ? 'admin' : k.scope === 'reseller' ? 'reseller user' : 'simple user';
  return {
    kind: k.scope === 'reseller' ? 'reseller_user' : 'user',
    id: -k.id,
    role,
    name: k.name,
    username: k.name,
    email: '',
    pictureUrl: null,
    company: k.scope === 'tenant' ? (k.tenant_id ?? '') : '',
    sessionId: 0,
    apiKey: { id: k.id, name: k.name, readOnly: Number(k.read_only) === 1, resellerId: k.reseller_id },
  };
}

const invalid = () => new AppError('not_signed_in', 'apiKeyInvalid');

/**
 * The caller of a call made with an API key, or a refusal: 401 for a key that is malformed, unknown, expired or
 * revoked; 403 from an address the key does not allow, for a call no key may make, or a write with a read-only
 * key; 429 past the key's requests per minute. Sets the RateLimit-* headers of every call it lets through.
 */
export async function authenticateApiKey(
  deps: Pick<Deps, 'db' | 'config'>,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
): Promise<Caller> {
  if (!KEY_SHAPE.test(key)) throw invalid();
  const now = Date.now();
  const row = await deps.db.kysely
    .selectFrom('api_keys')
    .select(['id', 'name', 'scope', 'reseller_id', 'tenant_id', 'read_only', 'expires_at', 'allowed_ips'])
    .where('key_hash', '=', hashToken(key))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row || (row.expires_at !== null && Number(row.expires_at) <= now)) throw invalid();
  if (!addressAllowed(JSON.parse(row.allowed_ips) as string[], request.ip))
    throw new AppError('forbidden', 'apiKeyAddressRefused');
  const cls = classOfRoute(request.method, request.routeOptions.url ?? '');
  if (cls === 'none') throw new AppError('forbidden', 'apiKeyNotAllowed');
  if (cls === 'write' && Number(row.read_only) === 1) throw new AppError('forbidden', 'apiKeyReadOnly');

  const limit = deps.config.API_KEY_RATE_PER_MINUTE;
  const slot = await claimRequest(deps.db, row.id, request.ip, now);
  const resetSeconds = Math.max(1, Math.ceil((slot.resetAt - now) / 1000));
  reply.header('RateLimit-Limit', String(limit));
  reply.header('RateLimit-Remaining', String(Math.max(0, limit - slot.count)));
  reply.header('RateLimit-Reset', String(resetSeconds));
  if (slot.count > limit)
    throw new AppError(
      'rate_limited',
      'apiKeyRateLimited',
      { seconds: resetSeconds },
      { 'retry-after': String(resetSeconds) },
    );
  return callerOfKey(row);
}
