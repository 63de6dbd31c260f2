import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps';
import { postWebhook } from './webhook-http';
import { openWebhookSecret, signWebhook } from './webhook-secret';
import { isPrivateAddress, pointsAtPortal } from './webhook-url';

const MAX_BACKOFF_MS = 3_600_000;
const PARALLEL = 4;

/**
 * Sends the outbox's deliveries. The same lease approach as the job queue (lib/jobs): a worker claims a delivery
 * with a conditional UPDATE (lease owner and expiry), so two instances never send it at once, and one whose
 * sender died (SIGKILL mid-request) is claimed again once its lease has expired and sent again with the same
 * X-Provisio-Delivery id. Only the oldest pending delivery of each endpoint may be claimed, so an endpoint
 * receives its events in order; up to PARALLEL endpoints are served at once. A failed try is retried with
 * exponential back-off (WEBHOOK_BACKOFF_MS doubling, at most an hour) until WEBHOOK_RETRY_HOURS after the event;
 * WEBHOOK_DISABLE_AFTER failed tries in a row turn the endpoint off.
 */
export class DeliveryWorker {
  readonly owner = `${process.pid}-${randomUUID().slice(0, 8)}`;
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  /** Longer than a delivery may take, so a live sender never loses its lease to another. */
  private readonly leaseMs: number;

  constructor(
    private readonly deps: Deps,
    private readonly log: FastifyBaseLogger,
  ) {
    this.leaseMs = Math.max(deps.config.WEBHOOK_LEASE_MS, deps.config.WEBHOOK_TIMEOUT_MS + 1000);
  }

  start(): void {
    this.timer = setInterval(() => this.kick(), this.deps.config.WEBHOOK_POLL_MS);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** Sends every due delivery until none is left; returns how many tries were made (tests call it). */
  drain(): Promise<number> {
    this.running ??= this.runDue().finally(() => (this.running = undefined));
    return this.running;
  }

  private kick(): void {
    if (!this.timer) return;
    this.drain().catch((err: unknown) => this.log.error({ err }, 'webhook delivery run failed'));
  }

  private async runDue(): Promise<number> {
    let tries = 0;
    for (;;) {
      const claimed = await this.claimBatch();
      if (claimed.length === 0) return tries;
      // A delivery that throws (an unreadable secret, the database gone) keeps its lease and is tried again when the
      // lease expires; the others of the batch go on.
      await Promise.all(
        claimed.map((id) =>
          this.deliver(id).catch((err: unknown) => this.log.error({ err, deliveryId: id }, 'webhook delivery failed')),
        ),
      );
      tries += claimed.length;
    }
  }

  /** The due heads of the endpoints' queues, each claimed by this worker; skipped when another got it first. */
  private async claimBatch(): Promise<number[]> {
    const db = this.deps.db.kysely;
    const now = Date.now();
    const heads = await db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select('d.id')
      .where('d.status', '=', 'pending')
      .where('e.enabled', '=', 1)
      .where('d.next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('d.lease_expires_at', 'is', null), eb('d.lease_expires_at', '<', now)]))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('webhook_deliveries as p')
              .select('p.id')
              .whereRef('p.endpoint_id', '=', 'd.endpoint_id')
              .where('p.status', '=', 'pending')
              .whereRef('p.id', '<', 'd.id'),
          ),
        ),
      )
      .orderBy('d.id')
      .limit(PARALLEL)
      .execute();
    const mine: number[] = [];
    for (const h of heads) {
      const r = await db
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          lease_owner: this.owner,
          lease_expires_at: now + this.leaseMs,
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', '=', h.id)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', now)]))
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 1) mine.push(h.id);
    }
    return mine;
  }

  private async deliver(id: number): Promise<void> {
    const { config, db } = this.deps;
    const d = await db.kysely
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select([
        'd.id',
        'd.uid',
        'd.attempts',
        'd.created_at',
        'd.endpoint_id',
        'ev.type',
        'ev.payload',
        'e.url',
        'e.secret_enc',
      ])
      .where('d.id', '=', id)
      .executeTakeFirst();
    if (!d) return; // its endpoint was deleted meanwhile
    const secret = await openWebhookSecret(db.kysely, d.secret_enc);
    const url = new URL(d.url);
    const guard = (address: string) =>
      pointsAtPortal(config, url, [address])
        ? 'address refused: the portal itself'
        : !config.WEBHOOKS_ALLOW_PRIVATE && isPrivateAddress(address)
          ? `address refused: ${address} is private (WEBHOOKS_ALLOW_PRIVATE)`
          : null;
    const headers = {
      'user-agent': 'Provisio-Webhooks/1',
      'x-provisio-event': d.type,
      'x-provisio-delivery': d.uid,
      'x-provisio-signature': signWebhook(secret, d.payload, Math.floor(Date.now() / 1000)),
    };
    const res = await postWebhook(d.url, d.payload, headers, config.WEBHOOK_TIMEOUT_MS, guard);
    await this.record(d, res);
  }

  private async record(
    d: { id: number; attempts: number; created_at: number; endpoint_id: number },
    res: { status: number | null; error: string | null; durationMs: number },
  ): Promise<void> {
    const { config } = this.deps;
    const now = Date.now();
    const ok = res.error === null;
    const giveUp = !ok && now - d.created_at >= config.WEBHOOK_RETRY_HOURS * 3_600_000;
    const wait = Math.min(config.WEBHOOK_BACKOFF_MS * 2 ** Math.max(0, d.attempts - 1), MAX_BACKOFF_MS);
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      // Only while this worker still holds the lease: one that lost it (it was too slow) leaves the row alone.
      const mine = await trx
        .updateTable('webhook_deliveries')
        .set({
          status: ok ? 'delivered' : giveUp ? 'failed' : 'pending',
          lease_owner: null,
          lease_expires_at: null,
          next_attempt_at: ok || giveUp ? now : now + wait,
          last_status: res.status,
          last_error: res.error?.slice(0, 500) ?? null,
          finished_at: ok || giveUp ? now : null,
        })
        .where('id', '=', d.id)
        .where('lease_owner', '=', this.owner)
        .executeTakeFirst();
      if (Number(mine.numUpdatedRows) !== 1) return;
      await trx
        .insertInto('webhook_attempts')
        .values({
          delivery_id: d.id,
          endpoint_id: d.endpoint_id,
          attempt: d.attempts,
          at: now,
          status_code: res.status,
          duration_ms: res.durationMs,
          error: res.error?.slice(0, 500) ?? null,
        })
        .execute();
      if (ok) {
        await trx
          .updateTable('webhook_endpoints')
          .set({ consecutive_failures: 0 })
          .where('id', '=', d.endpoint_id)
          .execute();
        return;
      }
      const ep = await trx
        .updateTable('webhook_endpoints')
        .set((eb) => ({ consecutive_failures: eb('consecutive_failures', '+', 1) }))
        .where('id', '=', d.endpoint_id)
        .returning(['consecutive_failures', 'enabled'])
        .executeTakeFirst();
      if (ep && ep.enabled === 1 && ep.consecutive_failures >= config.WEBHOOK_DISABLE_AFTER) {
        await trx
          .updateTable('webhook_endpoints')
          .set({ enabled: 0, disabled_reason: 'failures', disabled_at: now, updated_at: now })
          .where('id', '=', d.endpoint_id)
          .execute();
        this.log.warn(
          { endpointId: d.endpoint_id, failures: ep.consecutive_failures },
          'webhook endpoint turned off after repeated failures',
        );
      }
    });
  }
}

const workers = new WeakMap<Deps, DeliveryWorker>();

/** The app's delivery worker (one per app; tests drain it). */
export function deliveryWorker(deps: Deps, log: FastifyBaseLogger): DeliveryWorker {
  let w = workers.get(deps);
  if (!w) {
    w = new DeliveryWorker(deps, log);
    workers.set(deps, w);
  }
  return w;
}
