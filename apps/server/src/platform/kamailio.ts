import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../lib/errors';
import { BuiltinConnector, newSipPassword } from './builtin';
import type {
  AppSettingsStore,
  CallAudioSource,
  CallRecordQuery,
  Capabilities,
  ExtensionWrite,
  ListOpts,
  Page,
  PlatformActiveCall,
  PlatformCallRecord,
  PlatformDomain,
  PlatformExtension,
  PlatformRecording,
  PlatformRegistration,
  PlatformTenant,
  TelephonyConnector,
} from './connector';
import { KamailioCallRecords } from './kamailio-cdrs';
import { ContactOwners, type UlDump, dumpedRegistrations, tableRegistration } from './kamailio-contacts';
import { KamailioLiveCalls } from './kamailio-live';
import { KamailioAppSettings } from './kamailio-settings';
import { type KamailioDb, onKamailio, openKamailioDb, subscriberHashes } from './kamailio-db';
import { kamailioRpc } from './kamailio-rpc';
import { warnOnStderr } from '../db/sqlite-driver';

export interface KamailioOptions {
  /** Kamailio's db_url: `sqlite:////abs/file.db`, a file path, or `postgres://…`. */
  dbUrl: string;
  /** One SIP domain (and digest realm) for every subscriber; empty: each extension's own domain. */
  sipDomain?: string;
  /** Where the apps register (host[:port]); default the SIP domain, else the extension's domain. */
  sipHost?: string;
  /**
   * One digest realm for every domain (a Kamailio whose config calls auth_check with a fixed realm); empty: each
   * subscriber's realm is its domain (auth_check("$fd")). With one realm a SIP username is unique across domains.
   */
  realm?: string;
  /** Kamailio's JSON-RPC endpoint (`http://127.0.0.1:5071/RPC`): active calls, contacts, htable.reload. */
  rpcUrl?: string;
  /** rtpengine's ng socket (`udp:127.0.0.1:2223`): listen-in. */
  rtpengineNg?: string;
  /** rtpengine's recording-dir (pcap method): recordings. */
  recordingDir?: string;
  /** Tests only: the PostgreSQL schema holding Kamailio's tables. */
  pgSchema?: string;
}

const CHUNK = 500;
type MetaRow = { tenant_id: string; extension: string; domain: string };

/**
 * Kamailio as the platform: SIP credentials live in Kamailio's own `subscriber` table (password, ha1, ha1b), written
 * in the same call as the portal change; registrations are read from its `location` table (usrloc db_mode 3, or
 * 1/2 with some delay). Kamailio has no tenants, names, sites or admin flags: those stay in the builtin_* tables,
 * which this connector shares with the builtin one (builtin_extensions.sip_password stays empty here).
 */
export class KamailioConnector implements TelephonyConnector {
  readonly id = 'kamailio';
  readonly capabilities: Capabilities;
  readonly sipHost?: string;
  readonly appSettings: AppSettingsStore;
  // Present only when configured (the modules test for the method): see constructor.
  listActiveCalls?: (tenant: string) => Promise<PlatformActiveCall[]>;
  openCallAudio?: (tenant: string, sipCallId: string) => Promise<CallAudioSource | null>;
  listCallRecords?: (q: CallRecordQuery) => Promise<Page<PlatformCallRecord>>;
  getCallRecord?: (tenant: string, id: string) => Promise<PlatformCallRecord | null>;
  getRecording?: (tenant: string, ref: string) => Promise<PlatformRecording | null>;
  private readonly meta: BuiltinConnector;
  private readonly kam: KamailioDb;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly opts: KamailioOptions,
  ) {
    this.meta = new BuiltinConnector(db, { callsPerTenant: 0, callMinutes: 1 });
    this.kam = openKamailioDb(opts.dbUrl, opts.pgSchema ? { pgSchema: opts.pgSchema } : {});
    const host = opts.sipHost || opts.sipDomain;
    if (host) this.sipHost = host;
    const sipDomainOf = (d: string) => this.sipDomain(d);
    this.appSettings = new KamailioAppSettings(db, this.kam, {
      ...(opts.rpcUrl ? { rpcUrl: opts.rpcUrl } : {}),
      sipDomainOf,
    });
    // Call records come from Kamailio's own acc_cdrs table; recordings also need rtpengine's recording-dir.
    const records = new KamailioCallRecords(db, this.kam, {
      ...(opts.recordingDir ? { recordingDir: opts.recordingDir } : {}),
      sipDomainOf,
    });
    this.listCallRecords = (q) => records.listCallRecords(q);
    this.getCallRecord = (t, id) => records.getCallRecord(t, id);
    if (opts.recordingDir) this.getRecording = (t, ref) => records.getRecording(t, ref);
    // Active calls need Kamailio's RPC (dlg.list); listening in needs rtpengine too.
    if (opts.rpcUrl && opts.rtpengineNg) {
      const live = new KamailioLiveCalls(db, { rpcUrl: opts.rpcUrl, rtpengineNg: opts.rtpengineNg, sipDomainOf });
      this.listActiveCalls = (t) => live.listActiveCalls(t);
      this.openCallAudio = (t, id) => live.openCallAudio(t, id);
    }
    this.capabilities = {
      createTenant: true,
      upsertExtension: true,
      deleteExtension: true,
      setSipPassword: true,
      callRecords: true,
      activeCalls: !!this.listActiveCalls,
    };
  }

  /** The subscriber's domain (the SIP URI domain, and its digest realm unless one realm is configured). */
  private sipDomain(portalDomain: string): string {
    return this.opts.sipDomain || portalDomain;
  }

  /** The SIP domain of an extension whose portal domain is given (the account XML's `<host>`). */
  sipDomainOf(portalDomain: string): string {
    return this.sipDomain(portalDomain);
  }

  /** ha1/ha1b for a subscriber: realm = the configured one, else its domain. */
  private hashes(username: string, domain: string, password: string) {
    return subscriberHashes(username, domain, this.opts.realm || domain, password);
  }

  /** The key that must be unique: username@domain, or the username alone when all domains share one realm. */
  private accountKey(extension: string, portalDomain: string): string {
    return this.opts.realm ? extension : `${extension}@${this.sipDomain(portalDomain)}`;
  }

  listTenants(o?: ListOpts): Promise<Page<PlatformTenant>> {
    return this.meta.listTenants(o);
  }

  listDomains(tenant: string, o?: ListOpts): Promise<Page<PlatformDomain>> {
    return this.meta.listDomains(tenant, o);
  }

  listExtensions(tenant: string, o?: ListOpts): Promise<Page<PlatformExtension>> {
    return this.meta.listExtensions(tenant, o);
  }

  createTenant(t: { externalId: string; name: string; domain: string; siteName: string }): Promise<PlatformTenant> {
    return this.meta.createTenant(t);
  }

  private async metaRows(extensions: string[], tenant?: string): Promise<MetaRow[]> {
    const out: MetaRow[] = [];
    for (let i = 0; i < extensions.length; i += CHUNK) {
      let q = this.db
        .selectFrom('builtin_extensions')
        .select(['tenant_id', 'extension', 'domain'])
        .where('extension', 'in', extensions.slice(i, i + CHUNK));
      if (tenant) q = q.where('tenant_id', '=', tenant);
      out.push(...(await q.execute()));
    }
    return out;
  }

  /** Refuses a SIP account (username@domain) that another tenant already has. */
  private async assertFree(tenant: string, items: ExtensionWrite[]): Promise<void> {
    const others = (await this.metaRows(items.map((e) => e.extension))).filter((r) => r.tenant_id !== tenant);
    const taken = new Set(others.map((r) => this.accountKey(r.extension, r.domain)));
    if (items.some((e) => taken.has(this.accountKey(e.extension, e.domain))))
      throw new AppError('conflict', 'sipAccountTaken');
  }

  /**
   * Kamailio first (new subscribers get the given or a generated password; a domain change moves the subscriber
   * and rehashes its password), then the portal's metadata. Name-only edits leave the subscriber untouched. A moved
   * subscriber or a new password also drops the contacts registered with the old ones (see dropContacts).
   */
  async upsertExtensions(tenant: string, items: ExtensionWrite[]): Promise<void> {
    await this.assertFree(tenant, items);
    const before = new Map(
      (
        await this.metaRows(
          items.map((e) => e.extension),
          tenant,
        )
      ).map((r) => [r.extension, r]),
    );
    const stale: string[] = [];
    await onKamailio(() =>
      this.kam.kysely.transaction().execute(async (trx) => {
        for (const e of items) {
          const domain = this.sipDomain(e.domain);
          const oldDomain = before.has(e.extension) ? this.sipDomain(before.get(e.extension)!.domain) : domain;
          const current = await trx
            .selectFrom('subscriber')
            .select(['password'])
            .where('username', '=', e.extension)
            .where('domain', '=', oldDomain)
            .executeTakeFirst();
          if (current && oldDomain === domain && e.sipPassword === undefined) continue;
          const password = e.sipPassword ?? current?.password ?? newSipPassword();
          if (current)
            await trx
              .deleteFrom('subscriber')
              .where('username', '=', e.extension)
              .where('domain', '=', oldDomain)
              .execute();
          const row = { username: e.extension, domain, password, ...this.hashes(e.extension, domain, password) };
          await trx
            .insertInto('subscriber')
            .values(row)
            .onConflict((oc) =>
              oc.columns(['username', 'domain']).doUpdateSet({ password: row.password, ha1: row.ha1, ha1b: row.ha1b }),
            )
            .execute();
          if (current && (oldDomain !== domain || current.password !== password))
            stale.push(`${e.extension}@${oldDomain}`);
        }
      }),
    );
    await this.meta.upsertExtensions(
      tenant,
      items.map((e) => ({ ...e, sipPassword: '' })),
    );
    await this.dropContacts(stale);
    // Forwarding, DND and blocked numbers follow an extension to its new SIP domain.
    for (const e of items) {
      const old = before.get(e.extension);
      if (old && old.domain !== e.domain) await this.appSettings.extensionMoved?.(tenant, e.extension, old.domain);
    }
  }

  /** Removes the subscriber and its contacts (so the extension shows unregistered and calls stop reaching it). */
  async deleteExtension(tenant: string, extension: string): Promise<void> {
    const [row] = await this.metaRows([extension], tenant);
    if (row) {
      const domain = this.sipDomain(row.domain);
      await onKamailio(() =>
        this.kam.kysely
          .deleteFrom('subscriber')
          .where('username', '=', extension)
          .where('domain', '=', domain)
          .execute(),
      );
      await this.dropContacts([`${extension}@${domain}`]);
      // Its settings go too (a forward-always key left in Kamailio would outlive the extension); the extension is
      // already gone from Kamailio, so a failure here is logged, not a reason to keep it in the portal.
      await this.appSettings
        .forget?.(tenant, extension)
        .catch((err: unknown) => warnOnStderr(err, `call settings of ${extension}@${domain} could not be dropped`));
    }
    await this.meta.deleteExtension(tenant, extension);
  }

  async getSipPassword(tenant: string, extension: string): Promise<string | null> {
    const [row] = await this.metaRows([extension], tenant);
    if (!row) return null;
    const sub = await onKamailio(() =>
      this.kam.kysely
        .selectFrom('subscriber')
        .select('password')
        .where('username', '=', extension)
        .where('domain', '=', this.sipDomain(row.domain))
        .executeTakeFirst(),
    );
    return sub?.password || null;
  }

  /** A new password; the contacts registered with the old one are dropped (see dropContacts). */
  async setSipPassword(tenant: string, extension: string, password: string): Promise<void> {
    const [row] = await this.metaRows([extension], tenant);
    if (!row) throw new AppError('not_found', 'extensionNotFound');
    const domain = this.sipDomain(row.domain);
    const values = { username: extension, domain, password, ...this.hashes(extension, domain, password) };
    await onKamailio(() =>
      this.kam.kysely
        .insertInto('subscriber')
        .values(values)
        .onConflict((oc) =>
          oc.columns(['username', 'domain']).doUpdateSet({ password, ha1: values.ha1, ha1b: values.ha1b }),
        )
        .execute(),
    );
    await this.dropContacts([`${extension}@${domain}`]);
  }

  /**
   * The contacts of AORs whose subscriber is gone, moved or has a new password, so the old phone stops ringing and
   * the status shows it at once: through RPC `ul.rm` (usrloc's memory, any db_mode) when configured, and the
   * `location` rows (all of it in db_mode 3; with usrloc use_domain=0 the rows have no domain). The subscriber change
   * is already made: a Kamailio that does not answer is logged, not an error (its contacts then lapse at expiry).
   */
  private async dropContacts(aors: string[]): Promise<void> {
    for (const aor of aors) {
      const at = aor.lastIndexOf('@');
      const [user, domain] = [aor.slice(0, at), aor.slice(at + 1)];
      await this.kam.kysely
        .deleteFrom('location')
        .where('username', '=', user)
        .where((eb) => eb.or([eb('domain', '=', domain), eb('domain', 'is', null), eb('domain', '=', '')]))
        .execute()
        .catch((err) =>
          warnOnStderr(err, `Kamailio: the location rows of ${aor} could not be deleted; they stay until they expire`),
        );
      if (this.opts.rpcUrl) {
        await kamailioRpc(this.opts.rpcUrl, 'ul.rm', ['location', aor]).catch((err) =>
          warnOnStderr(err, `Kamailio: ul.rm ${aor} failed; its contacts stay until they expire`),
        );
      }
    }
  }

  /**
   * Current contacts of the tenant's extensions (all, or the ones named): usrloc's own view through RPC `ul.dump`
   * when configured (a Kamailio that does not answer: 424), else the `location` table (exact in db_mode 3, behind by
   * up to timer_interval in 1/2). usrloc use_domain=0 (AoR or domain column without a domain) matches by username;
   * permanent contacts (expires 0) count as registered.
   */
  async listRegistrations(tenant: string, extensions?: string[]): Promise<PlatformRegistration[]> {
    let q = this.db.selectFrom('builtin_extensions').select(['extension', 'domain']).where('tenant_id', '=', tenant);
    if (extensions) q = q.where('extension', 'in', extensions.length ? extensions : ['']);
    const mine = new Map((await q.execute()).map((r) => [`${r.extension}@${this.sipDomain(r.domain)}`, r.extension]));
    if (mine.size === 0) return [];
    const owners = new ContactOwners(mine);
    if (this.opts.rpcUrl) return dumpedRegistrations(await kamailioRpc<UlDump>(this.opts.rpcUrl, 'ul.dump'), owners);
    const domains = [...new Set([...mine.keys()].map((k) => k.slice(k.lastIndexOf('@') + 1)))];
    const names = [...new Set(mine.values())];
    const out: PlatformRegistration[] = [];
    for (let i = 0; i < names.length; i += CHUNK) {
      const rows = await onKamailio(() =>
        this.kam.kysely
          .selectFrom('location')
          .select(['username', 'domain', 'contact', 'expires', 'user_agent'])
          .where('username', 'in', names.slice(i, i + CHUNK))
          .where((eb) => eb.or([eb('domain', 'in', domains), eb('domain', 'is', null), eb('domain', '=', '')]))
          .execute(),
      );
      for (const r of rows) {
        const reg = tableRegistration(r, owners);
        if (reg) out.push(reg);
      }
    }
    return out;
  }

  close(): Promise<void> {
    return this.kam.close();
  }
}
