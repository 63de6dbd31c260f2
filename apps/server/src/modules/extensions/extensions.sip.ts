import type { ExtensionRow, SetSipPasswordBody } from '@provisio/contract';
import type { Deps } from '../../deps';
import { type Actor, recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { newSipPassword } from '../../platform/builtin';
import { assertTenantVisible } from '../tenants/tenant-scope';
import { findExtension } from './extensions.repository';
import { markReprovisionPending } from './lifecycle';
import { noteRegistrations } from '../webhooks/watchers';

/**
 * Marks each row registered / not registered when the platform reports registrations (Kamailio's location table,
 * NetSapiens devices). A platform that cannot be read leaves the field out rather than failing the list.
 */
export async function withRegistrations<R extends ExtensionRow>(deps: Deps, tenantId: string, rows: R[]): Promise<R[]> {
  const list = deps.connector.listRegistrations;
  if (!list || rows.length === 0) return rows;
  try {
    const regs = await list.call(
      deps.connector,
      tenantId,
      rows.map((r) => r.extension),
    );
    const on = new Set(regs.map((r) => r.extension));
    const seen = rows.map((r) => ({ ...r, registered: on.has(r.extension) }));
    void noteRegistrations(deps, tenantId, seen).catch((err: unknown) => deps.db.warn(err, 'registration events'));
    return seen;
  } catch {
    return rows;
  }
}

/** A new SIP password on the platform (generated when none is given); audited without the password itself. */
export async function setSipPassword(deps: Deps, actor: Actor, body: SetSipPasswordBody): Promise<void> {
  if (!deps.connector.setSipPassword) throw new AppError('forbidden', 'platformCannotWrite');
  await assertTenantVisible(deps.db, actor.caller, body.tenant_id);
  const ext = await findExtension(deps.db.kysely, body.tenant_id, body.extension);
  if (!ext) throw new AppError('not_found', 'extensionNotFound');
  await deps.connector.setSipPassword(body.tenant_id, body.extension, body.password ?? newSipPassword());
  await recordAudit(deps.db.kysely, actor, {
    entity: 'extension',
    entity_id: `${body.tenant_id}/${body.extension}`,
    action: 'update',
    after: { sip_password: 'changed' },
  });
  await markReprovisionPending(deps.db.kysely, {
    kind: 'extension',
    tenantId: body.tenant_id,
    extension: body.extension,
  });
}
