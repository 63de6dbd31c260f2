import type {
  AppUsageReply,
  CreateExtensionBody,
  EditUserDetailsBody,
  ExtensionRow,
  UpdateAndGetExtensionBody,
  UserDetails,
} from '@provisio/contract';
import type { Deps } from '../../deps';
import { type Actor, recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { toFlag } from '../../lib/flags';
import type { ListParams } from '../../lib/list-query';
import type { Caller } from '../../lib/caller';
import { assertTenantVisible, scopeToCaller } from '../tenants/tenant-scope';
import { findTenant } from '../tenants/tenants.repository';
import { EXTENSIONS_SYNC, SYNC_JOIN_FINISHED_MS } from './extensions.jobs';
import {
  findExtension,
  listTenantExtensions,
  readExtension,
  setExtensionFlag,
  tenantDomainNames,
} from './extensions.repository';
import { removePortalExtensions, upsertPortalExtensions } from './extensions.sync';
import { appUse, assertAppLimit } from './licence-limits';
import { withRegistrations } from './extensions.sip';
import { withLifecycle } from './lifecycle';
import type { ExtensionFilters } from './quick-filters';
import { tenantHasAppOn } from './bulk-app';
import { emitEvent, extensionData } from '../webhooks/emit';
import { noteLicenceUse } from '../webhooks/watchers';

const notFoundExt = () => new AppError('not_found', 'extensionNotFound');
const platformCannotWrite = () => new AppError('forbidden', 'platformCannotWrite');

export async function getExtensions(
  deps: Deps,
  caller: Caller,
  tenantId: string,
  params: ListParams & Omit<ExtensionFilters, 'tenantAppOn'>,
): Promise<{ rows: ExtensionRow[]; total: number }> {
  await assertTenantVisible(deps.db, caller, tenantId);
  const tenantAppOn = params.quick?.includes('app_on') ? await tenantHasAppOn(deps.db.kysely, tenantId) : false;
  const list = await listTenantExtensions(deps.db.kysely, tenantId, { ...params, tenantAppOn });
  return {
    ...list,
    rows: await withLifecycle(deps.db.kysely, tenantId, await withRegistrations(deps, tenantId, list.rows)),
  };
}

/**
 * Starts a sync of one tenant's domains and extensions, or joins the one queued or running, or the one that
 * finished less than SYNC_JOIN_FINISHED_MS ago: however often it is asked for, a tenant syncs at most once per window.
 */
export async function startExtensionSync(
  deps: Deps,
  caller: Caller,
  tenantId: string,
): Promise<{ id: number; joined: boolean }> {
  await assertTenantVisible(deps.db, caller, tenantId);
  return deps.jobs.enqueue(
    EXTENSIONS_SYNC,
    { tenant_id: tenantId },
    {
      dedupeKey: `${EXTENSIONS_SYNC}:${tenantId}`,
      joinFinishedWithinMs: SYNC_JOIN_FINISHED_MS,
      tenantId,
      createdBy: `${caller.kind}:${caller.id}`,
    },
  );
}

export async function getRemoteDomains(
  deps: Deps,
  caller: Caller,
  tenantId: string,
): Promise<{ domain: string; site_name: string }[]> {
  await assertTenantVisible(deps.db, caller, tenantId);
  return deps.db.kysely
    .selectFrom('tenant_domains')
    .select(['domain', 'site_name'])
    .where('tenant_id', '=', tenantId)
    .orderBy('domain')
    .orderBy('site_name')
    .execute();
}

export async function getAppUsage(deps: Deps, caller: Caller, tenantId: string): Promise<AppUsageReply> {
  await assertTenantVisible(deps.db, caller, tenantId);
  const [mobile, desktop] = await Promise.all([
    appUse(deps.db.kysely, tenantId, 'mobile_app_allowed'),
    appUse(deps.db.kysely, tenantId, 'desktop_app_allowed'),
  ]);
  const strip = ({ used, limit, tenant_level }: typeof mobile) => ({ used, limit, tenant_level });
  return { mobile: strip(mobile), desktop: strip(desktop), extensions: mobile.extensions };
}

/** The per-extension app switch, refused beyond the tenant's licence limit. */
export async function setExtensionApp(deps: Deps, actor: Actor, body: UpdateAndGetExtensionBody): Promise<void> {
  await assertTenantVisible(deps.db, actor.caller, body.tenant_id);
  const on = body.value === 'true';
  await deps.db.kysely.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('extensions')
      .selectAll()
      .where('id', '=', body.id)
      .where('tenant_id', '=', body.tenant_id)
      .executeTakeFirst();
    if (!before) throw notFoundExt();
    if (readExtension(before)[body.column_name] === on) return;
    if (on) await assertAppLimit(trx, body.tenant_id, body.column_name);
    const after = await setExtensionFlag(trx, before.id, body.column_name, on);
    await recordAudit(trx, actor, {
      entity: 'extension',
      entity_id: `${body.tenant_id}/${before.extension}`,
      action: 'update',
      before,
      after,
    });
    await emitEvent(trx, body.tenant_id, 'extension.updated', extensionData(after));
    await noteLicenceUse(trx, body.tenant_id);
  });
}

export async function getUserDetails(
  deps: Deps,
  caller: Caller,
  tenantId: string,
  extension: string,
): Promise<UserDetails> {
  await assertTenantVisible(deps.db, caller, tenantId);
  const found = await findExtension(deps.db.kysely, tenantId, extension);
  if (!found) throw notFoundExt();
  const e = readExtension(found);
  return {
    firstName: e.firstname,
    lastName: e.lastname,
    emailAddress: e.email,
    mobilePhone: e.mobile_phone,
    homePhone: e.home_phone,
    domain: e.domain,
    linked: e.linked,
  };
}

/**
 * Saves an extension's details: names, email and domain go to the platform first, phones stay in the portal.
 * A linked user's email only changes together with delink, which removes the app account.
 */
export async function editUserDetails(deps: Deps, actor: Actor, body: EditUserDetailsBody): Promise<void> {
  await assertTenantVisible(deps.db, actor.caller, body.tenant_id);
  const db = deps.db.kysely;
  const before = await findExtension(db, body.tenant_id, body.extension);
  if (!before) throw notFoundExt();
  const d = body.user_details;
  const domain = d.domain || before.domain;
  if (domain !== before.domain && !(await tenantDomainNames(db, body.tenant_id)).has(domain))
    throw new AppError('validation_failed', 'domainNotInTenant');
  const emailChanged = d.emailAddress.toLowerCase() !== before.email.toLowerCase();
  const flags = readExtension(before);
  if (flags.linked && emailChanged && !body.delink) throw new AppError('validation_failed', 'linkedEmailLocked');
  const platform = {
    extension: before.extension,
    domain,
    siteName: before.site_name,
    firstname: d.firstName,
    lastname: d.lastName,
    email: d.emailAddress,
    admin: flags.admin,
  };
  const platformChanged =
    domain !== before.domain ||
    d.firstName !== before.firstname ||
    d.lastName !== before.lastname ||
    d.emailAddress !== before.email;
  if (platformChanged) {
    if (!deps.connector.upsertExtensions) throw platformCannotWrite();
    await deps.connector.upsertExtensions(body.tenant_id, [platform]);
  }
  await db.transaction().execute(async (trx) => {
    await upsertPortalExtensions(trx, body.tenant_id, [platform]);
    const delink = body.delink === true && flags.linked;
    const after = await trx
      .updateTable('extensions')
      .set({
        mobile_phone: d.mobilePhone ?? before.mobile_phone,
        home_phone: d.homePhone ?? before.home_phone,
        ...(delink ? { linked: toFlag(false) } : {}),
      })
      .where('id', '=', before.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (delink) {
      const account = await trx
        .deleteFrom('app_accounts')
        .where('tenant_id', '=', body.tenant_id)
        .where('extension', '=', before.extension)
        .returningAll()
        .executeTakeFirst();
      if (account)
        await recordAudit(trx, actor, {
          entity: 'app_account',
          entity_id: account.id,
          action: 'delete',
          before: account,
        });
    }
    await recordAudit(trx, actor, {
      entity: 'extension',
      entity_id: `${body.tenant_id}/${before.extension}`,
      action: 'update',
      before,
      after,
    });
    await emitEvent(trx, body.tenant_id, 'extension.updated', extensionData(after));
  });
}

/** Extensions carrying this email (any case) in the tenant given, or in every tenant the caller may see. */
export async function checkDuplicateEmails(deps: Deps, caller: Caller, email: string, tenantId?: string) {
  if (tenantId) await assertTenantVisible(deps.db, caller, tenantId);
  const q = deps.db.kysely
    .selectFrom('extensions as e')
    .innerJoin('tenants as t', 't.tid', 'e.tenant_id')
    .select([
      'e.id',
      'e.extension',
      'e.firstname',
      'e.lastname',
      'e.admin',
      'e.email',
      'e.linked',
      'e.tenant_id',
      't.tname',
    ])
    .where((eb) => eb(eb.fn('lower', ['e.email']), '=', email.trim().toLowerCase()));
  const rows = await scopeToCaller(deps.db.kysely, q, tenantId ? [tenantId] : caller, 'e.tenant_id')
    .orderBy('t.tname')
    .orderBy('e.extension')
    .execute();
  return rows.map(readExtension);
}

/** Adds an extension on the platform (which generates and keeps its SIP password), then in the portal. */
export async function createExtension(deps: Deps, actor: Actor, body: CreateExtensionBody): Promise<number> {
  if (!deps.connector.upsertExtensions) throw platformCannotWrite();
  const db = deps.db.kysely;
  if (!(await findTenant(db, body.tenant_id))) throw new AppError('not_found', 'tenantNotFound');
  if (await findExtension(db, body.tenant_id, body.extension)) throw new AppError('conflict', 'extensionExists');
  if (!(await tenantDomainNames(db, body.tenant_id)).has(body.domain))
    throw new AppError('validation_failed', 'domainNotInTenant');
  const platform = {
    extension: body.extension,
    domain: body.domain,
    siteName: body.site_name,
    firstname: body.firstname,
    lastname: body.lastname,
    email: body.email,
    admin: body.admin,
  };
  await deps.connector.upsertExtensions(body.tenant_id, [platform]);
  return db.transaction().execute(async (trx) => {
    await upsertPortalExtensions(trx, body.tenant_id, [platform]);
    const after = await findExtension(trx, body.tenant_id, body.extension);
    if (!after) throw notFoundExt();
    await recordAudit(trx, actor, {
      entity: 'extension',
      entity_id: `${body.tenant_id}/${body.extension}`,
      action: 'create',
      after,
    });
    await emitEvent(trx, body.tenant_id, 'extension.created', extensionData(after));
    await noteLicenceUse(trx, body.tenant_id);
    return after.id;
  });
}

export async function deleteExtension(deps: Deps, actor: Actor, tenantId: string, extension: string): Promise<void> {
  if (!deps.connector.deleteExtension) throw platformCannotWrite();
  const db = deps.db.kysely;
  const before = await findExtension(db, tenantId, extension);
  if (!before) throw notFoundExt();
  await deps.connector.deleteExtension(tenantId, extension);
  await db.transaction().execute(async (trx) => {
    await removePortalExtensions(trx, tenantId, [extension]);
    await recordAudit(trx, actor, {
      entity: 'extension',
      entity_id: `${tenantId}/${extension}`,
      action: 'delete',
      before,
    });
    await emitEvent(trx, tenantId, 'extension.deleted', extensionData(before));
    await noteLicenceUse(trx, tenantId);
  });
}
