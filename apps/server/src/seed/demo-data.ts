import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { BuiltinExtensionsTable, Database } from '../db/schema';
import { syncTenantExtensions } from '../modules/extensions/extensions.sync';
import { syncTenants } from '../modules/tenants/tenants.sync';
import { BuiltinConnector } from '../platform/builtin';

type NewBuiltinExtension = Insertable<BuiltinExtensionsTable>;
interface PortalOnly {
  extension: string;
  linked: number;
  mobile_app_allowed: number;
  desktop_app_allowed: number;
  mobile_phone: string;
  pin: string;
}

const FIRST = ['Ana', 'Ben', 'Carla', 'David', 'Elena', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jonas', 'Keiko', 'Liam', 'Maria', 'Noah', 'Olga', 'Pedro', 'Quinn', 'Rosa', 'Samir', 'Tara', 'Umar', 'Vera', 'Wen', 'Yusuf', 'Zoe'];
const LAST = ['Almeida', 'Brown', 'Costa', 'Dubois', 'Evans', 'Fischer', 'Garcia', 'Hughes', 'Ivanova', 'Jensen', 'Kim', 'Lopez', 'Martin', 'Nakamura', 'Okafor', 'Petit', 'Rossi', 'Silva', 'Tanaka', 'Usman', 'Varga', 'Weber', 'Young', 'Zimmer'];

export const DEMO_TENANTS = [
  { tid: 'acme.example', tname: 'Acme Logistics', count: 120, sites: ['Head Office', 'Warehouse'] },
  { tid: 'bluebird.example', tname: 'Bluebird Dental', count: 20, sites: ['Clinic'] },
  { tid: 'cobalt.example', tname: 'Cobalt Legal', count: 45, sites: ['Main'] },
  { tid: 'northwind.example', tname: 'Northwind Traders', count: 300, sites: ['London', 'Lisbon', 'Lyon'] },
  { tid: 'summit.example', tname: 'Summit Health', count: 60, sites: ['Main', 'Annex'] },
];

const RESELLERS = [
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

async function insertChunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * The demo: tenants, domains and extensions go into the builtin platform's tables, and the portal's tables are
 * produced from them by the same sync code every platform uses; then the portal-only fields (linked, app flags,
 * phones) are set, and the rest of the demo (resellers, licences, a profile, a template) is added.
 */
export async function seedDemo(db: Kysely<Database>, cloudId: string): Promise<{ tenants: number; extensions: number }> {
  const now = Date.now();
  const rand = rng(20211);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const connector = new BuiltinConnector(db);
  let extensionCount = 0;
  const portalFields = new Map<string, PortalOnly[]>();
  await db.transaction().execute(async (trx: Transaction<Database>) => {
    for (const t of DEMO_TENANTS) {
      await trx.insertInto('builtin_tenants').values({ tid: t.tid, tname: t.tname, created_at: now }).execute();
      await trx.insertInto('builtin_domains').values(t.sites.map((site) => ({ tenant_id: t.tid, domain: t.tid, site_name: site }))).execute();
      const rows: NewBuiltinExtension[] = [];
      const portal: PortalOnly[] = [];
      for (let i = 0; i < t.count; i++) {
        const firstname = pick(FIRST);
        const lastname = pick(LAST);
        const hasEmail = rand() > 0.1;
        const linked = hasEmail && rand() > 0.6 ? 1 : 0;
        const extension = String(100 + i);
        rows.push({
          tenant_id: t.tid,
          extension,
          domain: t.tid,
          site_name: t.sites[i % t.sites.length]!,
          firstname,
          lastname,
          admin: i === 0 ? 1 : 0,
          email: hasEmail ? `${firstname}.${lastname}.${extension}@${t.tid}`.toLowerCase() : '',
          sip_password: randomBytes(12).toString('base64url'),
          created_at: now,
          updated_at: now,
        });
        portal.push({
          extension,
          linked,
          mobile_app_allowed: linked && rand() > 0.3 ? 1 : 0,
          desktop_app_allowed: linked && rand() > 0.5 ? 1 : 0,
          mobile_phone: rand() > 0.5 ? `+1555${String(1000000 + Math.floor(rand() * 8999999))}` : '',
          pin: String(1000 + Math.floor(rand() * 9000)),
        });
      }
      extensionCount += rows.length;
      portalFields.set(t.tid, portal);
      await insertChunked(rows, 200, (chunk) => trx.insertInto('builtin_extensions').values(chunk).execute());
    }
  });

  await syncTenants(db, connector);
  for (const t of DEMO_TENANTS) await syncTenantExtensions(db, connector, t.tid);

  await db.transaction().execute(async (trx: Transaction<Database>) => {
    for (const t of DEMO_TENANTS) {
      for (const p of portalFields.get(t.tid) ?? []) {
        const { extension, ...set } = p;
        await trx.updateTable('extensions').set(set).where('tenant_id', '=', t.tid).where('extension', '=', extension).execute();
      }
      await trx
        .insertInto('licences')
        .values({ tenant_id: t.tid, vcx_desktop: Math.ceil(t.count * 0.5), vcx_mobile: Math.ceil(t.count * 0.8), call_monitor: 5, call_recording: 10, analytics: 1, last_updated_by: 'admin', updated_at: now })
        .execute();
      await trx.insertInto('domains').values({ ext: '100', domain: t.tid, tenant_id: t.tid, created_at: now, updated_at: now }).execute();
      await insertChunked(callRecords(t.tid, Math.min(t.count, 8), now, rand), 200, (chunk) => trx.insertInto('call_records').values(chunk).execute());
    }
    for (const r of RESELLERS) {
      const { id } = await trx.insertInto('resellers').values({ name: r.name, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
      await trx.insertInto('reseller_tenants').values(r.tenants.map((tenant_id) => ({ reseller_id: id, tenant_id, created_at: now }))).execute();
    }
    await trx
      .insertInto('client_profiles')
      .values({
        profile_name: 'Default softphone profile',
        company: '',
        cloud_id: cloudId,
        tenant_id: null,
        domain: null,
        proxy: 'sip.provisio.example',
        transport: 'udp',
        expires: '300',
        settings: JSON.stringify({ codecorder: '0,8,9', dtmforder: 'rfc2833,info', keepalive: '1', keepaliveperiod: '30', ringingtone: 'periodic(sine(2000ms,2000,440Hz,480Hz),silence(4000ms))' }),
        created_by: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
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
  return { tenants: DEMO_TENANTS.length, extensions: extensionCount };
}

/** Three weeks of calls for the first few extensions of a tenant, some with recordings. */
function callRecords(tenantId: string, extensions: number, now: number, rand: () => number) {
  const directions = ['Inbound', 'Outbound', 'Missed', 'Missed-VM'] as const;
  const rows = [];
  for (let e = 0; e < extensions; e++) {
    const extension = String(100 + e);
    for (let day = 0; day < 21; day++) {
      const calls = Math.floor(rand() * 4);
      for (let c = 0; c < calls; c++) {
        const direction = directions[Math.floor(rand() * (rand() > 0.7 ? 4 : 2))]!;
        const talk = direction.startsWith('Missed') ? 0 : Math.floor(rand() * 900) + 5;
        const destination = `+1555${String(1000000 + Math.floor(rand() * 8999999))}`;
        const startedAt = now - day * 86_400_000 - Math.floor(rand() * 10 * 3_600_000);
        rows.push({
          tenant_id: tenantId,
          extension,
          name: `${FIRST[Math.floor(rand() * FIRST.length)]} ${LAST[Math.floor(rand() * LAST.length)]}`,
          destination,
          direction,
          started_at: startedAt,
          talk_seconds: talk,
          recording_url: talk > 0 && rand() > 0.7 ? `demo-recording-${tenantId}-${extension}-${day}-${c}.wav` : null,
          call_flow: JSON.stringify([
            { callingnumber: direction === 'Outbound' ? extension : destination, dialednumber: direction === 'Outbound' ? destination : extension, target: extension, talktime_duration: talk, initiation: startedAt },
          ]),
        });
      }
    }
  }
  return rows;
}
