import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { z } from 'zod';
import {
  CSV_HEADERS,
  EXTENSION_PATTERN,
  type ImportPreview,
  LIMITS,
  type Language,
  type MessageKey,
  exportFileName,
  formatMessage,
} from '@provisio/contract';
import type { Deps } from '../../deps';
import type { PlatformExtension } from '../../platform/connector';
import type { Caller } from '../../lib/caller';
import { type Actor, recordAudit } from '../../lib/audit';
import { EXTENSIONS_IMPORT } from './extensions.jobs';
import { AppError } from '../../lib/errors';
import { takeRateSlot } from '../auth/login-throttle';
import { assertTenantVisible } from '../tenants/tenant-scope';
import { findTenant } from '../tenants/tenants.repository';
import { listTenantExtensions } from './extensions.repository';
import { type AppColumnName, appUse, limitMessageKey } from './licence-limits';

type Row = Record<string, string | number | boolean | null>;
export type ImportItem = PlatformExtension & { mobile_app_allowed: boolean; desktop_app_allowed: boolean };
export interface ImportPlan {
  groups: { tenant_id: string; items: ImportItem[] }[];
}

const KEYS = new Set<string>([...CSV_HEADERS, 'tenantid']);
const TRUE = new Set(['true', 'yes', '1']);
const FALSE = new Set(['false', 'no', '0', '']);
const EMAIL = z.email();
const isEmail = (s: string) => EMAIL.safeParse(s).success;
/** Planning gives the event loop a turn after this many rows, so a long import never holds other requests. */
const YIELD_EVERY = 1_000;
/** Imports and dry runs one caller may start per window (each plans up to IMPORT_MAX_ROWS rows). */
export const IMPORTS_PER_WINDOW = 30;
const IMPORT_WINDOW_MS = 10 * 60_000;
/** Retry-After while the caller's own check is still planning, and while their import job is queued or running. */
const BUSY_PLANNING_SECONDS = 5;
const BUSY_JOB_SECONDS = 30;
const text = (v: Row[string]) => (v === null || v === undefined ? '' : String(v)).replace(/"/g, '').trim();

/** A row that only an administrator may import (creating rows, or changing what the single calls keep for admins). */
class AdminOnly extends Error {
  constructor(
    readonly row: number,
    readonly extension: string,
  ) {
    super('importAdminOnly');
  }
}

class RowError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

function flag(row: Row, header: string): boolean {
  const v = text(row[header]).toLowerCase();
  if (TRUE.has(v)) return true;
  if (FALSE.has(v)) return false;
  throw new RowError('fieldInvalid', { field: header });
}

function field(row: Row, header: string, max: number, required = false): string {
  const v = text(row[header]);
  if (required && !v) throw new RowError('fieldRequired', { field: header });
  if (v.length > max) throw new RowError('fieldTooLong', { field: header, max });
  return v;
}

/** Reads one row into an extension with its app flags and Linked; throws RowError on the first bad value. */
function parseRow(row: Row): ImportItem & { linked: boolean } {
  const extension = field(row, 'Extension', 64, true);
  if (!EXTENSION_PATTERN.test(extension)) throw new RowError('extensionInvalid');
  const email = field(row, 'Email', LIMITS.emailMax);
  if (email && !isEmail(email)) throw new RowError('emailInvalid');
  return {
    extension,
    domain: field(row, 'Domain', LIMITS.shortTextMax, true),
    siteName: field(row, 'Site Name', LIMITS.shortTextMax),
    firstname: field(row, 'First Name', LIMITS.nameMax),
    lastname: field(row, 'Last Name', LIMITS.nameMax),
    admin: flag(row, 'Admin'),
    email,
    linked: flag(row, 'Linked'),
    mobile_app_allowed: flag(row, 'Mobile App Allowed'),
    desktop_app_allowed: flag(row, 'Desktop App Allowed'),
  };
}

const samePlatform = (
  a: PlatformExtension,
  b: { domain: string; site_name: string; firstname: string; lastname: string; email: string; admin: boolean },
) =>
  a.domain === b.domain &&
  a.siteName === b.site_name &&
  a.firstname === b.firstname &&
  a.lastname === b.lastname &&
  a.email === b.email &&
  a.admin === b.admin;

/**
 * Checks every row of an import (header keys, values, domains, Linked unchanged, licence limits in row order)
 * and tells what applying it would do. Rows in error are left out of the plan. Linear in the rows (maps and sets,
 * no per-row copies), and it yields to the event loop every YIELD_EVERY rows.
 *
 * The import is no back door round the single calls: only an administrator (as for createExtension) may add
 * extensions or change Admin or Site Name (which editUserDetails keeps); a non-admin may move an extension only to
 * a domain of its tenant, and no one changes a linked user's email (editUserDetails needs delink for that). An
 * admin-only row refuses the whole import, dry run included (403), so nothing is applied.
 */
export async function planImport(
  deps: Deps,
  caller: Caller,
  rows: Row[],
  lang: Language,
): Promise<{ preview: ImportPreview; plan: ImportPlan }> {
  for (let i = 0; i < rows.length; i++) {
    const keys = Object.keys(rows[i]!);
    if (keys.length !== KEYS.size || keys.some((k) => !KEYS.has(k)))
      throw new AppError('validation_failed', 'importInvalidFormat');
    if (i % YIELD_EVERY === YIELD_EVERY - 1) await yieldToEventLoop();
  }
  const isAdmin = caller.role === 'admin';
  const preview: ImportPreview = { to_create: 0, to_update: 0, unchanged: 0, errors: [] };
  const fail = (index: number, extension: string, key: MessageKey, params: Record<string, string | number> = {}) =>
    preview.errors.push({ row: index + 2, extension, reason: formatMessage(lang, key, params) });
  const byTenant = new Map<string, number[]>();
  rows.forEach((row, i) => {
    const tid = text(row.tenantid);
    if (!tid) return fail(i, text(row.Extension), 'importTenantRequired');
    const list = byTenant.get(tid);
    if (list) list.push(i);
    else byTenant.set(tid, [i]);
  });
  const plan: ImportPlan = { groups: [] };
  for (const [tenantId, indexes] of byTenant) {
    await assertTenantVisible(deps.db, caller, tenantId);
    const db = deps.db.kysely;
    if (!(await findTenant(db, tenantId))) throw new AppError('not_found', 'tenantNotFound');
    const existing = new Map((await listTenantExtensions(db, tenantId, {})).rows.map((r) => [r.extension, r]));
    const domains = new Set(
      (await db.selectFrom('tenant_domains').select('domain').where('tenant_id', '=', tenantId).execute()).map(
        (d) => d.domain,
      ),
    );
    const use = {
      mobile_app_allowed: await appUse(db, tenantId, 'mobile_app_allowed'),
      desktop_app_allowed: await appUse(db, tenantId, 'desktop_app_allowed'),
    };
    const seen = new Set<string>();
    const items: ImportItem[] = [];
    let planned = 0;
    for (const i of indexes) {
      if (++planned % YIELD_EVERY === 0) await yieldToEventLoop();
      const raw = rows[i]!;
      try {
        const { linked, ...item } = parseRow(raw);
        if (seen.has(item.extension)) throw new RowError('importDuplicateRow');
        seen.add(item.extension);
        if (domains.size > 0 && !domains.has(item.domain)) throw new RowError('domainNotInTenant');
        const old = existing.get(item.extension);
        if (linked !== (old?.linked ?? false)) throw new RowError('importLinkedReadOnly');
        if (!isAdmin && (!old || item.admin !== old.admin || item.siteName !== old.site_name))
          throw new AdminOnly(i + 2, item.extension);
        if (!isAdmin && old && item.domain !== old.domain && !domains.has(item.domain))
          throw new RowError('domainNotInTenant');
        if (old?.linked && item.email.toLowerCase() !== old.email.toLowerCase())
          throw new RowError('linkedEmailLocked');
        const sameAll =
          old &&
          samePlatform(item, old) &&
          old.mobile_app_allowed === item.mobile_app_allowed &&
          old.desktop_app_allowed === item.desktop_app_allowed;
        if (sameAll) {
          preview.unchanged++;
          continue;
        }
        if (old && !samePlatform(item, old) && !deps.connector.upsertExtensions)
          throw new RowError('platformCannotWrite');
        if (!old && !deps.connector.upsertExtensions) throw new RowError('platformCannotWrite');
        for (const col of ['mobile_app_allowed', 'desktop_app_allowed'] as AppColumnName[]) {
          const was = old?.[col] ?? false;
          const u = use[col];
          if (item[col] && !was && !u.tenant_level) {
            if (u.used + 1 > u.limit) throw new RowError(limitMessageKey(col), { limit: u.limit, used: u.used });
            u.used++;
          } else if (!item[col] && was && !u.tenant_level) u.used--;
        }
        if (old) preview.to_update++;
        else preview.to_create++;
        items.push(item);
      } catch (err) {
        if (err instanceof AdminOnly)
          throw new AppError('forbidden', 'importAdminOnly', { row: err.row, extension: err.extension });
        if (!(err instanceof RowError)) throw err;
        fail(i, text(raw.Extension), err.key, err.params);
      }
    }
    if (items.length) plan.groups.push({ tenant_id: tenantId, items });
  }
  preview.errors.sort((a, b) => a.row - b.row);
  return { preview, plan };
}

const yes = (b: boolean) => (b ? 'true' : 'false');

/** The export: file name and rows under the ten headers, in the list's order; importing it back changes nothing. */
export async function exportExtensions(deps: Deps, caller: Caller, tenantId: string) {
  await assertTenantVisible(deps.db, caller, tenantId);
  const tenant = await findTenant(deps.db.kysely, tenantId);
  if (!tenant) throw new AppError('not_found', 'tenantNotFound');
  const { rows } = await listTenantExtensions(deps.db.kysely, tenantId, {});
  return {
    filename: exportFileName(tenant.tname),
    headers: [...CSV_HEADERS],
    rows: rows.map((r) => ({
      Extension: r.extension,
      Domain: r.domain,
      'Site Name': r.site_name,
      'First Name': r.firstname,
      'Last Name': r.lastname,
      Admin: yes(r.admin),
      Email: r.email,
      Linked: yes(r.linked),
      'Mobile App Allowed': yes(r.mobile_app_allowed),
      'Desktop App Allowed': yes(r.desktop_app_allowed),
    })),
  };
}

/** Callers with a check in progress, per database (so per app); claimed and released synchronously, hence atomic. */
const planning = new WeakMap<object, Set<string>>();

const busy = (seconds: number) =>
  new AppError('too_many_attempts', 'importBusy', { seconds }, { 'retry-after': String(seconds) });

/**
 * Checks an import; unless it is a dry run, a job applies the valid rows (job_id in the reply). One caller has at
 * most one check planning at a time and starts at most IMPORTS_PER_WINDOW checks per window; a non-admin caller
 * also has at most one import job queued or running (the job's dedupe key, held by the jobs table's unique index,
 * so parallel requests cannot both get in). Administrators may queue several jobs (as they may create extensions
 * one call after the other).
 */
export async function importExtensions(
  deps: Deps,
  actor: Actor,
  rows: Row[],
  dryRun: boolean,
  lang: Language,
): Promise<ImportPreview> {
  const who = `${actor.caller.kind}:${actor.caller.id}`;
  const mine = planning.get(deps.db) ?? new Set<string>();
  planning.set(deps.db, mine);
  if (mine.has(who)) throw busy(BUSY_PLANNING_SECONDS);
  mine.add(who);
  try {
    const slot = await takeRateSlot(deps.db, `import:${who}`, IMPORTS_PER_WINDOW, IMPORT_WINDOW_MS);
    if (!slot.ok)
      throw new AppError(
        'too_many_attempts',
        'tooManyImports',
        { minutes: slot.minutes },
        { 'retry-after': String(slot.minutes * 60) },
      );
    return await checkAndQueue(deps, actor, who, rows, dryRun, lang);
  } finally {
    mine.delete(who);
  }
}

async function checkAndQueue(
  deps: Deps,
  actor: Actor,
  who: string,
  rows: Row[],
  dryRun: boolean,
  lang: Language,
): Promise<ImportPreview> {
  const { preview, plan } = await planImport(deps, actor.caller, rows, lang);
  if (dryRun || plan.groups.length === 0) return preview;
  const tenantId = plan.groups.length === 1 ? plan.groups[0]!.tenant_id : null;
  const payload = { groups: plan.groups, skipped: preview.errors.length };
  const dedupeKey = actor.caller.role === 'admin' ? undefined : `${EXTENSIONS_IMPORT}:${who}`;
  const { id, joined } = await deps.jobs.enqueue(EXTENSIONS_IMPORT, payload, { dedupeKey, tenantId, createdBy: who });
  if (joined) throw busy(BUSY_JOB_SECONDS);
  for (const g of plan.groups) {
    await recordAudit(deps.db.kysely, actor, {
      entity: 'extension',
      entity_id: `${g.tenant_id}/import`,
      action: 'update',
      after: { job_id: id, rows: g.items.length, to_create: preview.to_create, to_update: preview.to_update },
    });
  }
  return { ...preview, job_id: id };
}
