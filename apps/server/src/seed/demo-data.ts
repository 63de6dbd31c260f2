import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { BuiltinExtensionsTable, Database } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { syncTenantExtensions } from '../modules/extensions/extensions.sync';
import { syncTenants } from '../modules/tenants/tenants.sync';
import { BuiltinConnector } from '../platform/builtin';
import type { ExtensionWrite, TelephonyConnector } from '../platform/connector';
import { FIRST, LAST, callRecords } from './demo-calls';

type NewBuiltinExtension = Insertable<BuiltinExtensionsTable>;

/**
 * The password of every demo app account (README.md lists a few accounts to try the end-user pages with). Every
 * demo extension shown as linked has an app account (issue #20: linked ones without one made the end-user pages look
 * broken); one password for all of them, hashed once, so the first start stays fast. Demo data only: remove it with
 * `npm run demo -- remove` before real subscribers arrive.
 */
export const DEMO_APP_PASSWORD = 'Demo-app-2026';
/** The demo client profile (its proxy is a made-up host): `npm run demo -- remove` deletes it. */
export const DEMO_PROFILE_NAME = 'Default softphone profile';
interface PortalOnly {
  extension: string;
  linked: number;
  mobile_app_allowed: number;
  desktop_app_allowed: number;
  mobile_phone: string;
  pin: string;
}

export const DEMO_TENANTS = [
  { tid: 'acme.example', tname: 'Acme Logistics', count: 120, sites: ['Head Office', 'Warehouse'] },
  { tid: 'bluebird.example', tname: 'Bluebird Dental', count: 20, sites: ['Clinic'] },
  { tid: 'cobalt.example', tname: 'Cobalt Legal', count: 45, sites: ['Main'] },
  { tid: 'northwind.example', tname: 'Northwind Traders', count: 300, sites: ['London', 'Lisbon', 'Lyon'] },
  { tid: 'summit.example', tname: 'Summit Health', count: 60, sites: ['Main', 'Annex'] },
];

export const DEMO_RESELLERS = [
  { name: 'Atlantic Telecom Partners', tenants: ['acme.example', 'northwind.example'] },
  { name: 'Pioneer Voice', tenants: ['bluebird.example', 'cobalt.example'] },
  { name: 'Metro Unified', tenants: ['summit.example'] },
];

/** A small deterministic generator, so the demo looks the same on every fresh start. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Extensions per connector write (one Kamailio transaction each). */
const BATCH = 500;

async function insertChunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** One demo tenant as generated: its platform rows and the portal-only fields of each extension. */
interface DemoTenant {
  t: (typeof DEMO_TENANTS)[number];
  rows: NewBuiltinExtension[];
  portal: PortalOnly[];
}

/** Where the demo goes when the platform is not the builtin one (seed.ts decides from PLATFORM). */
export interface DemoTarget {
  /**
   * The platform's connector (Kamailio): tenants and extensions are written through it, as the API does, so every
   * demo extension has its SIP account on the platform; no simulated call records are written. Absent: builtin.
   */
  connector?: TelephonyConnector;
  /**
   * All tenants share one extension numbering (Kamailio with one SIP domain or one realm): each tenant then gets its
   * own range (1100…, 2100…, …) instead of 100… in every tenant.
   */
  sharedNumbering?: boolean;
  /** The demo client profile's proxy; null: no demo profile (the apps then use the platform's SIP host). */
  proxy?: string | null;
}

/**
 * The demo: tenants, domains and extensions go into the platform (the builtin tables, or through the connector),
 * and the portal's tables are produced from it by the same sync code every platform uses; then the portal-only
 * fields (linked, app flags, phones) are set, and the rest of the demo (resellers, licences, a profile, a template)
 * is added. Call records are simulated on builtin only: a real platform has its own (Kamailio's acc_cdrs).
 */
export async function seedDemo(
  db: Kysely<Database>,
  cloudId: string,
  target: DemoTarget = {},
): Promise<{ tenants: number; extensions: number; callRecords: number }> {
  const now = Date.now();
  const rand = rng(20211);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const platform = target.connector;
  const tenants: DemoTenant[] = DEMO_TENANTS.map((t, k) => {
    const rows: NewBuiltinExtension[] = [];
    const portal: PortalOnly[] = [];
    for (let i = 0; i < t.count; i++) {
      const firstname = pick(FIRST);
      const lastname = pick(LAST);
      const hasEmail = rand() > 0.1;
      const linked = hasEmail && rand() > 0.6 ? 1 : 0;
      const extension = String((target.sharedNumbering ? (k + 1) * 1000 : 0) + 100 + i);
      rows.push({
        tenant_id: t.tid,
        extension,
        domain: t.tid,
        site_name: t.sites[i % t.sites.length]!,
        firstname,
        lastname,
        admin: i === 0 ? 1 : 0,
        email: hasEmail ? `${firstname}.${lastname}.${extension}@${t.tid}`.toLowerCase() : '',
        // On a real platform the connector generates the password and keeps it there (never in the portal).
        sip_password: platform ? '' : randomBytes(12).toString('base64url'),
        created_at: now,
        updated_at: now,
      });
      portal.push({
        extension,
        linked,
        mobile_app_allowed: linked && rand() > 0.3 ? 1 : 0,
        desktop_app_allowed: linked && rand() > 0.5 ? 1 : 0,
        mobile_phone: rand() > 0.5 ? `+1555${String(1000000 + Math.floor(rand() * 8999999))}` : '',
        // Six digits, as new links need (LINK_PIN); one draw, as before, so the rest of the demo stays the same.
        pin: String(100000 + Math.floor(rand() * 900000)),
      });
    }
    return { t, rows, portal };
  });
  const extensionCount = tenants.reduce((n, d) => n + d.rows.length, 0);

  const connector = platform ?? new BuiltinConnector(db);
  if (platform) await writeThroughConnector(platform, tenants);
  else {
    await db.transaction().execute(async (trx: Transaction<Database>) => {
      for (const { t, rows } of tenants) {
        await trx.insertInto('builtin_tenants').values({ tid: t.tid, tname: t.tname, created_at: now }).execute();
        await trx
          .insertInto('builtin_domains')
          .values(t.sites.map((site) => ({ tenant_id: t.tid, domain: t.tid, site_name: site })))
          .execute();
        await insertChunked(rows, 200, (chunk) => trx.insertInto('builtin_extensions').values(chunk).execute());
      }
    });
  }

  await syncTenants(db, connector);
  for (const t of DEMO_TENANTS) await syncTenantExtensions(db, connector, t.tid);

  let callRecordCount = 0;
  const appPasswordHash = await hashPassword(DEMO_APP_PASSWORD);
  await db.transaction().execute(async (trx: Transaction<Database>) => {
    for (const { t, rows, portal } of tenants) {
      for (const p of portal) {
        const { extension, ...set } = p;
        await trx
          .updateTable('extensions')
          .set(set)
          .where('tenant_id', '=', t.tid)
          .where('extension', '=', extension)
          .execute();
      }
      const accounts = rows
        .filter((_, i) => portal[i]!.linked === 1)
        .map((r) => ({
          cloud_id: cloudId,
          username: r.email,
          password_hash: appPasswordHash,
          tenant_id: t.tid,
          extension: r.extension,
          did: '',
          must_change_password: 0,
          created_at: now,
          updated_at: now,
        }));
      await insertChunked(accounts, 200, (chunk) => trx.insertInto('app_accounts').values(chunk).execute());
      await trx
        .insertInto('licences')
        .values({
          tenant_id: t.tid,
          vcx_desktop: Math.ceil(t.count * 0.5),
          vcx_mobile: Math.ceil(t.count * 0.8),
          call_monitor: 5,
          call_recording: 10,
          analytics: 1,
          last_updated_by: 'admin',
          updated_at: now,
        })
        .execute();
      await trx
        .insertInto('domains')
        .values({ ext: rows[0]!.extension, domain: t.tid, tenant_id: t.tid, created_at: now, updated_at: now })
        .execute();
      if (!platform) {
        const records = callRecords(t.tid, Math.min(t.count, 8), now, rand);
        callRecordCount += records.length;
        await insertChunked(records, 200, (chunk) => trx.insertInto('call_records').values(chunk).execute());
      }
    }
    for (const r of DEMO_RESELLERS) {
      const { id } = await trx
        .insertInto('resellers')
        .values({ name: r.name, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('reseller_tenants')
        .values(r.tenants.map((tenant_id) => ({ reseller_id: id, tenant_id, created_at: now })))
        .execute();
    }
    const proxy = target.proxy === undefined ? 'sip.provisio.example' : target.proxy;
    if (proxy) {
      await trx
        .insertInto('client_profiles')
        .values({
          profile_name: DEMO_PROFILE_NAME,
          company: '',
          cloud_id: cloudId,
          tenant_id: null,
          domain: null,
          proxy,
          transport: 'udp',
          expires: '300',
          settings: JSON.stringify({
            codecorder: '0,8,9',
            dtmforder: 'rfc2833,info',
            keepalive: '1',
            keepaliveperiod: '30',
            ringingtone: 'periodic(sine(2000ms,2000,440Hz,480Hz),silence(4000ms))',
          }),
          created_by: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await trx
      .insertInto('email_templates')
      .values({
        name: 'Welcome to your softphone',
        subject: 'Your new softphone is ready',
        body: '<p>Hello {{first_name}} {{last_name}},</p><p>Your extension is ready on our mobile and desktop apps. Scan the QR code on this page to sign in: <a href="{{link}}">{{link}}</a></p><p>Your password: {{password}}</p>',
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  return { tenants: DEMO_TENANTS.length, extensions: extensionCount, callRecords: callRecordCount };
}

/**
 * Tenants and extensions through the platform's connector, the path the API takes (createTenant, then
 * upsertExtensions in batches): on Kamailio each extension gets its subscriber row (password, ha1, ha1b).
 */
async function writeThroughConnector(connector: TelephonyConnector, tenants: DemoTenant[]): Promise<void> {
  if (!connector.createTenant || !connector.upsertExtensions)
    throw new Error(`the ${connector.id} connector cannot create tenants and extensions`);
  for (const { t, rows } of tenants) {
    await connector.createTenant({ externalId: t.tid, name: t.tname, domain: t.tid, siteName: t.sites[0]! });
    const items: ExtensionWrite[] = rows.map((r) => ({
      extension: r.extension,
      domain: r.domain,
      siteName: r.site_name,
      firstname: r.firstname,
      lastname: r.lastname,
      email: r.email,
      admin: r.admin === 1,
    }));
    // The remaining sites come with the extensions (upsertExtensions adds a (domain, site) pair it has not seen).
    for (let i = 0; i < items.length; i += BATCH) await connector.upsertExtensions(t.tid, items.slice(i, i + BATCH));
  }
}
