import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@provisio/contract';
import type { Database } from '../db/schema';
import type { Caller } from './caller';

/** Who does something and from where: what services need to check permissions and record the audit trail. */
export interface Actor {
  caller: Caller;
  ip: string;
}

export function actorOf(request: FastifyRequest): Actor {
  return { caller: callerOf(request), ip: request.ip };
}

/** The signed-in caller of a route whose access is 'signed-in' or 'admin' (the auth plugin refused everyone else). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('callerOf needs a signed-in route');
  return request.caller;
}

export interface AuditEntry {
  entity: (typeof AUDIT_ENTITIES)[number];
  entity_id: string | number;
  action: (typeof AUDIT_ACTIONS)[number];
  before?: object | null | undefined;
  after?: object | null | undefined;
}

const SECRET_KEYS = new Set(['password', 'password_hash', 'passwordHash', 'sip_password', 'pin']);

/** A copy without secrets: password hashes and passwords never reach the audit trail. */
function scrub(value: object | null | undefined): string | null {
  if (!value) return null;
  return JSON.stringify(value, (key, v: unknown) => (SECRET_KEYS.has(key) ? undefined : v));
}

/** Records one change; call it with the transaction that makes the change, so both happen or neither. */
export async function recordAudit(trx: Kysely<Database>, actor: Actor, e: AuditEntry): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      at: Date.now(),
      actor_type: actor.caller.apiKey ? 'api_key' : actor.caller.kind,
      actor_id: actor.caller.apiKey?.id ?? actor.caller.id,
      actor_name: actor.caller.apiKey?.name ?? actor.caller.username,
      viewer_id: actor.caller.viewer?.id ?? null,
      viewer_name: actor.caller.viewer?.username ?? null,
      ip: actor.ip.slice(0, 64),
      entity: e.entity,
      entity_id: String(e.entity_id),
      action: e.action,
      before_json: scrub(e.before),
      after_json: scrub(e.after),
    })
    .execute();
}
