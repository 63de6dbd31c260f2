import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type Selectable, sql } from 'kysely';
import type { ExtensionRow, Lifecycle, LifecycleFilter } from '@provisio/contract';
import type { Database, ExtensionsTable } from '../../db/schema';
import { emitEvent } from '../webhooks/emit';

/**
 * The invitation lifecycle of issue #14, kept on the extension's row (migration 011). invite_state only moves
 * forward (none -> invited -> qr_opened -> provisioned); each mark is one conditional UPDATE, so marking an
 * extension twice, or in parallel, changes nothing more.
 */
type Db = Kysely<Database>;

/** An invitation mail was queued for the extension (its outbox row holds the delivery status). */
export async function markInvited(db: Db, tenantId: string, extension: string, mailId: number): Promise<void> {
  await db
    .updateTable('extensions')
    .set({
      invited_at: Date.now(),
      invite_mail_id: mailId,
      invite_state: sql`case when invite_state = 'none' then 'invited' else invite_state end`,
    })
    .where('tenant_id', '=', tenantId)
    .where('extension', '=', extension)
    .execute();
  await emitEvent(db, tenantId, 'app.invited', { extension, mail_id: mailId });
}

/** The QR page's sign-in succeeded for this extension's app account: the first time is kept. */
export async function markQrOpened(db: Db, tenantId: string, extension: string): Promise<void> {
  await db
    .updateTable('extensions')
    .set({
      qr_opened_at: sql`coalesce(qr_opened_at, ${Date.now()})`,
      invite_state: sql`case when invite_state in ('none', 'invited') then 'qr_opened' else invite_state end`,
    })
    .where('tenant_id', '=', tenantId)
    .where('extension', '=', extension)
    .where('qr_opened_at', 'is', null)
    .execute();
}

/**
 * A successful /provision: the first one sets when and the app's user agent; every one clears "re-provisioning
 * pending". Once both are done the WHERE matches nothing, so a steady stream of refreshes writes nothing here.
 */
export async function markProvisioned(db: Db, tenantId: string, extension: string, userAgent: string): Promise<void> {
  // Issue #18: the webhook event is written in the transaction of the mark; a refresh with nothing due only reads.
  const due = (eb: ExpressionBuilder<Database, 'extensions'>) =>
    eb.and([
      eb('tenant_id', '=', tenantId),
      eb('extension', '=', extension),
      eb.or([eb('provisioned_at', 'is', null), eb('reprovision_pending_since', 'is not', null)]),
    ]);
  if (!(await db.selectFrom('extensions').select('id').where(due).executeTakeFirst())) return;
  await db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('extensions')
      .set({
        provisioned_ua: sql`case when provisioned_at is null then ${userAgent.slice(0, 300)} else provisioned_ua end`,
        provisioned_at: sql`coalesce(provisioned_at, ${Date.now()})`,
        invite_state: 'provisioned',
        reprovision_pending_since: null,
      })
      .where(due)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) > 0)
      await emitEvent(trx, tenantId, 'app.provisioned', { extension, user_agent: userAgent.slice(0, 300) });
  });
}

/**
 * Marks extensions "re-provisioning pending" (their account changed: SIP password, client profile, domain) until
 * each app fetches it again. Only extensions whose app has provisioned are marked (an app not yet set up gets the
 * new account anyway); the earliest pending time is kept. One UPDATE for the whole scope.
 */
export async function markReprovisionPending(db: Db, scope: ReprovisionScope): Promise<void> {
  let q = db
    .updateTable('extensions')
    .set({ reprovision_pending_since: sql`coalesce(reprovision_pending_since, ${Date.now()})` })
    .where('provisioned_at', 'is not', null);
  if (scope.kind === 'extension')
    q = q.where('tenant_id', '=', scope.tenantId).where('extension', '=', scope.extension);
  // A domain's profile: the extensions on that domain.
  if (scope.kind === 'domain') q = q.where('tenant_id', '=', scope.tenantId).where('domain', '=', scope.domain);
  // A tenant's profile: its extensions that no domain profile of the tenant overrides.
  if (scope.kind === 'tenant') {
    q = q
      .where('tenant_id', '=', scope.tenantId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('client_profiles as p')
              .select('p.id')
              .where('p.tenant_id', '=', scope.tenantId)
              .whereRef('p.domain', '=', 'extensions.domain'),
          ),
        ),
      );
  }
  // The cloud's default profile: every extension no tenant or domain profile overrides.
  if (scope.kind === 'cloud') {
    q = q.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('client_profiles as p')
            .select('p.id')
            .whereRef('p.tenant_id', '=', 'extensions.tenant_id')
            .where((p) => p.or([p('p.domain', 'is', null), p('p.domain', '=', p.ref('extensions.domain'))])),
        ),
      ),
    );
  }
  await q.execute();
}

export type ReprovisionScope =
  | { kind: 'extension'; tenantId: string; extension: string }
  | { kind: 'domain'; tenantId: string; domain: string }
  | { kind: 'tenant'; tenantId: string }
  | { kind: 'cloud' };

/** The scope a client profile applies to (its tenant and domain, or the whole cloud). */
export const profileScope = (p: { tenant_id: string | null; domain: string | null }): ReprovisionScope =>
  p.tenant_id === null
    ? { kind: 'cloud' }
    : p.domain
      ? { kind: 'domain', tenantId: p.tenant_id, domain: p.domain }
      : { kind: 'tenant', tenantId: p.tenant_id };

/** Columns the subscribers table reads for the lifecycle. */
export const LIFECYCLE_COLUMNS = [
  'invite_state',
  'invited_at',
  'invite_mail_id',
  'qr_opened_at',
  'provisioned_at',
  'provisioned_ua',
  'reprovision_pending_since',
] as const;

/**
 * The revocation hook (issue #14 item 3, migration 010): the extensions of a tenant whose app an administrator
 * revoked. A small set, read from the revoked activations (partial index app_activations_revoked) with each account
 * by its key: the CROSS JOIN keeps SQLite in that order (it otherwise scanned every app account of every tenant);
 * a new activation QR clears revoked_at and the step shows again.
 */
export const revokedOf = (db: Db, tenantId: string) =>
  db
    .selectFrom('app_activations as v')
    .crossJoin('app_accounts as a')
    .select('a.extension')
    .whereRef('a.id', '=', 'v.app_account_id')
    .where('v.revoked_at', 'is not', null)
    .where('a.tenant_id', '=', tenantId);

/** Narrows a tenant's extensions to one lifecycle filter; every branch uses the (tenant_id, …) indexes. Revoked apps show (and filter) as revoked only. */
export function whereLifecycle<O>(
  q: SelectQueryBuilder<Database, 'extensions', O>,
  db: Db,
  tenantId: string,
  filter: LifecycleFilter | undefined,
): SelectQueryBuilder<Database, 'extensions', O> {
  if (filter === undefined) return q;
  if (filter === 'revoked') return q.where('extension', 'in', revokedOf(db, tenantId));
  const live = q.where('extension', 'not in', revokedOf(db, tenantId));
  switch (filter) {
    case 'not_invited':
      return live.where('invite_state', '=', 'none');
    case 'reprovision_pending':
      return live.where('reprovision_pending_since', 'is not', null);
    case 'invite_failed':
      return live
        .where('invite_state', '=', 'invited')
        .where('invite_mail_id', 'in', (eb) =>
          eb.selectFrom('mail_messages').select('id').where('status', '=', 'failed'),
        );
    default:
      return live.where('invite_state', '=', filter);
  }
}

export type StoredLifecycle = Pick<Selectable<ExtensionsTable>, (typeof LIFECYCLE_COLUMNS)[number]> & {
  /** Whether the extension's app was revoked, when the page's own query read it (its first page does). */
  revoked?: boolean;
};
const MAIL_STATUS = { queued: 'queued', sending: 'queued', sent: 'sent', logged: 'sent', failed: 'failed' } as const;
const LOOKUP_CHUNK = 1000;

/**
 * Adds the lifecycle fields to one page of rows: the delivery status of each last invitation (a primary-key read of
 * at most one page of outbox rows) and, where the platform reported it, "registered" after "provisioned".
 */
export async function withLifecycle(
  db: Db,
  tenantId: string,
  rows: (ExtensionRow & StoredLifecycle)[],
): Promise<ExtensionRow[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.invite_mail_id).filter((id): id is number => id !== null);
  // The spec's unpaged list can hold a whole tenant: look up in chunks, within SQLite's bound-parameter limit.
  const mail: { id: number; status: keyof typeof MAIL_STATUS }[] = [];
  const revoked: { extension: string }[] = [];
  // Rows whose query already read their revocation (the first page's) need no look-up.
  const known = rows.every((r) => r.revoked !== undefined);
  for (let i = 0; i < rows.length; i += LOOKUP_CHUNK) {
    const part = ids.slice(i, i + LOOKUP_CHUNK);
    if (part.length)
      mail.push(...(await db.selectFrom('mail_messages').select(['id', 'status']).where('id', 'in', part).execute()));
    if (!known)
      revoked.push(
        ...(await revokedOf(db, tenantId)
          .where(
            'a.extension',
            'in',
            rows.slice(i, i + LOOKUP_CHUNK).map((r) => r.extension),
          )
          .execute()),
      );
  }
  const status = new Map(mail.map((m) => [m.id, MAIL_STATUS[m.status]]));
  const isRevoked = new Set(revoked.map((x) => x.extension));
  // Each reply row built once with one shape (no spread of the stored row): cheaper to build and to write.
  return rows.map((r) => {
    const base: Lifecycle = r.invite_state === 'none' ? 'not_invited' : r.invite_state;
    const out: ExtensionRow = {
      id: r.id,
      tenant_id: r.tenant_id,
      extension: r.extension,
      domain: r.domain,
      site_name: r.site_name,
      firstname: r.firstname,
      lastname: r.lastname,
      admin: r.admin,
      email: r.email,
      linked: r.linked,
      mobile_app_allowed: r.mobile_app_allowed,
      desktop_app_allowed: r.desktop_app_allowed,
      // undefined when the platform does not report registrations: the reply leaves it out.
      registered: r.registered,
      lifecycle: (known ? r.revoked : isRevoked.has(r.extension))
        ? 'revoked'
        : base === 'provisioned' && r.registered === true
          ? 'registered'
          : base,
      invited_at: r.invited_at,
      invite_status: r.invite_mail_id === null ? null : (status.get(r.invite_mail_id) ?? null),
      qr_opened_at: r.qr_opened_at,
      provisioned_at: r.provisioned_at,
      provisioned_ua: r.provisioned_ua,
      reprovision_pending_since: r.reprovision_pending_since,
    };
    return out;
  });
}
