import { randomBytes } from 'node:crypto';
import type { ActiveChannel } from '@provisio/contract';
import type { Deps } from '../../deps';
import { type Actor, recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { CallAudioSource } from '../../platform/connector';
import type { Caller } from '../../lib/caller';
import { assertTenantVisible, scopeToCaller } from '../tenants/tenant-scope';
import { type Listener, answerListener } from './webrtc-listener';
import { emitEvent } from '../webhooks/emit';

/** Listening in is for portal admins (every tenant) and reseller users (their resellers' tenants); not simple users. */
function assertMayMonitor(caller: Caller): void {
  if (caller.role !== 'admin' && caller.role !== 'reseller user') throw new AppError('forbidden', 'monitorNotAllowed');
}

async function tenantsOf(deps: Deps, caller: Caller, only?: string): Promise<string[]> {
  if (only) {
    await assertTenantVisible(deps.db, caller, only);
    return [only];
  }
  const tenants = deps.db.kysely.selectFrom('tenants').select('tid').orderBy('tname');
  return (await scopeToCaller(deps.db.kysely, tenants, caller, 'tid').execute()).map((r) => r.tid);
}

export async function listChannels(deps: Deps, caller: Caller, tenantId?: string): Promise<ActiveChannel[]> {
  assertMayMonitor(caller);
  const list = deps.connector.listActiveCalls;
  if (!list) return [];
  const out: ActiveChannel[] = [];
  for (const tid of await tenantsOf(deps, caller, tenantId)) {
    for (const c of await list.call(deps.connector, tid)) {
      out.push({
        Caller: c.caller,
        Callee: c.callee,
        Aor: c.aor ?? '',
        StartedAt: c.startedAt.toISOString(),
        SIPCallID: c.sipCallId,
        tenant_id: tid,
      });
    }
  }
  return out;
}

interface Live {
  key: string;
  tenantId: string;
  callId: string;
  actor: Actor;
  listener: Listener;
  startedAt: number;
  timer: NodeJS.Timeout;
  /** Checks that the call still runs: a listener is not left hearing silence after the hang-up. */
  watch: NodeJS.Timeout;
}

/** How often a listen-in session checks that its call still runs. */
const CALL_WATCH_MS = 3000;

/**
 * The listen-in sessions of this instance. Each one is also a monitor_sessions row, so the Call Monitor licence
 * (concurrent listeners per tenant) holds across instances; a crashed instance's rows stop counting at expires_at.
 */
export class MonitorService {
  private readonly live = new Map<string, Live>();
  constructor(private readonly deps: Deps) {}

  async start(
    actor: Actor,
    callId: string,
    offer: string,
    tenantHint?: string,
  ): Promise<{ session: string; answer: string }> {
    const { deps } = this;
    assertMayMonitor(actor.caller);
    if (!/^v=0/.test(offer.trim()) || !/m=audio /.test(offer)) throw new AppError('bad_request', 'sdpInvalid');
    const tenantId = await this.findTenant(actor.caller, callId, tenantHint);
    if (!deps.connector.openCallAudio) throw new AppError('not_found', 'callNotActive');
    // The licence first (cheap, and no media subscription for a listener who may not listen), then the audio.
    const key = randomBytes(12).toString('base64url');
    const now = Date.now();
    await this.claimSlot(actor, tenantId, callId, key, now);
    let audio: CallAudioSource | null;
    try {
      audio = await deps.connector.openCallAudio(tenantId, callId);
    } catch (err) {
      await this.end(key, 'failed', tenantId, callId, actor, now);
      throw err;
    }
    if (!audio) {
      await this.end(key, 'failed', tenantId, callId, actor, now);
      throw new AppError('not_found', 'callNotActive');
    }
    let listener: Listener;
    try {
      listener = await answerListener(offer, audio);
    } catch {
      await this.end(key, 'failed', tenantId, callId, actor, now);
      throw new AppError('bad_request', 'sdpInvalid');
    }
    const timer = setTimeout(() => void this.stop(key, 'timeout'), deps.config.MONITOR_MAX_MINUTES * 60_000);
    timer.unref();
    const watch = setInterval(() => void this.endIfCallGone(key), CALL_WATCH_MS);
    watch.unref();
    this.live.set(key, { key, tenantId, callId, actor, listener, startedAt: now, timer, watch });
    void listener.ended.then((why) => this.stop(key, why === 'failed' ? 'disconnected' : 'closed'));
    return { session: key, answer: listener.answer };
  }

  /** Stops a session of this caller (or any, for an admin); ends it in the database and the audit trail. */
  async stopBy(caller: Caller, callId: string, key: string): Promise<void> {
    const row = await this.deps.db.kysely
      .selectFrom('monitor_sessions')
      .selectAll()
      .where('session_key', '=', key)
      .where('sip_call_id', '=', callId)
      .executeTakeFirst();
    if (!row || row.ended_at !== null) throw new AppError('not_found', 'notFound');
    if (caller.role !== 'admin' && !(row.actor_type === caller.kind && row.actor_id === caller.id))
      throw new AppError('forbidden', 'forbidden');
    await this.stop(key, 'stopped');
  }

  async stop(key: string, reason: string): Promise<void> {
    const s = this.live.get(key);
    if (!s) return;
    this.live.delete(key);
    clearTimeout(s.timer);
    clearInterval(s.watch);
    s.listener.close();
    await this.end(key, reason, s.tenantId, s.callId, s.actor, s.startedAt);
  }

  async closeAll(): Promise<void> {
    for (const key of [...this.live.keys()]) await this.stop(key, 'shutdown');
  }

  /** Ends a session whose call is no longer listed (hung up); a platform that does not answer now is not an end. */
  private async endIfCallGone(key: string): Promise<void> {
    const s = this.live.get(key);
    const list = this.deps.connector.listActiveCalls;
    if (!s || !list) return;
    try {
      const calls = await list.call(this.deps.connector, s.tenantId);
      if (!calls.some((c) => c.sipCallId === s.callId)) await this.stop(key, 'call ended');
    } catch {
      // Kamailio's RPC did not answer this time; the next check (or the session's time limit) decides.
    }
  }

  private async findTenant(caller: Caller, callId: string, hint?: string): Promise<string> {
    const list = this.deps.connector.listActiveCalls;
    if (list) {
      for (const tid of await tenantsOf(this.deps, caller, hint)) {
        if ((await list.call(this.deps.connector, tid)).some((c) => c.sipCallId === callId)) return tid;
      }
    }
    throw new AppError('not_found', 'callNotActive');
  }

  private async claimSlot(actor: Actor, tenantId: string, callId: string, key: string, now: number): Promise<void> {
    const { db, config } = this.deps;
    await db.kysely.transaction().execute(async (trx) => {
      const licence = await trx
        .selectFrom('licences')
        .select('call_monitor')
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      const limit = licence?.call_monitor ?? 0;
      const open = await trx
        .selectFrom('monitor_sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('ended_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow();
      if (Number(open.n) >= limit) throw new AppError('conflict', 'monitorLimitReached', { limit });
      await trx
        .insertInto('monitor_sessions')
        .values({
          session_key: key,
          tenant_id: tenantId,
          sip_call_id: callId,
          actor_type: actor.caller.kind,
          actor_id: actor.caller.id,
          started_at: now,
          expires_at: now + config.MONITOR_MAX_MINUTES * 60_000,
        })
        .execute();
      await recordAudit(trx, actor, {
        entity: 'call_monitor',
        entity_id: `${tenantId}/${callId}`,
        action: 'create',
        after: { session: key, tenant_id: tenantId, sip_call_id: callId },
      });
      await emitEvent(trx, tenantId, 'listen_in.started', { call_id: callId, by: actor.caller.username });
    });
  }

  private async end(
    key: string,
    reason: string,
    tenantId: string,
    callId: string,
    actor: Actor,
    startedAt: number,
  ): Promise<void> {
    const now = Date.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('monitor_sessions')
        .set({ ended_at: now })
        .where('session_key', '=', key)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return;
      await recordAudit(trx, actor, {
        entity: 'call_monitor',
        entity_id: `${tenantId}/${callId}`,
        action: 'delete',
        before: { session: key, tenant_id: tenantId, sip_call_id: callId },
        after: { reason, seconds: Math.round((now - startedAt) / 1000) },
      });
    });
  }
}
