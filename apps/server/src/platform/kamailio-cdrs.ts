import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { CallRecordQuery, Page, PlatformCallLeg, PlatformCallRecord, PlatformRecording } from './connector';
import { type KamailioDb, kamailioTime, kamailioTimeParam, onKamailio } from './kamailio-db';
import { RtpenginePcaps } from './rtpengine-pcaps';

export interface CallRecordsOptions {
  /** rtpengine's recording-dir (pcap method); absent: no recordings. */
  recordingDir?: string;
  sipDomainOf(portalDomain: string): string;
}

const MAX_PAGE = 1000;
const DEFAULT_PAGE = 200;

/**
 * Whose view of the call a record is: `out` the caller (src_user), `in` the number dialled (dst_user), `fwd` the user
 * a forwarding rule sent the call to (fwd_user). A call between two of the tenant's extensions is two records.
 * A record's id is numeric (the recordings route takes a positive integer): acc_cdrs.id × 10 + the role's digit.
 */
type Role = 'out' | 'in' | 'fwd';
const ROLE_DIGIT: Record<Role, number> = { out: 1, in: 2, fwd: 3 };
const DIGIT_ROLE: Record<number, Role> = { 1: 'out', 2: 'in', 3: 'fwd' };
export const recordId = (cdrId: number, role: Role) => String(cdrId * 10 + ROLE_DIGIT[role]);

export interface CdrRow {
  id: number;
  start_time: string | number | Date;
  duration: number;
  callid: string;
  src_user: string;
  src_domain: string;
  dst_user: string;
  dst_domain: string;
  sip_code: string;
  fwd_user: string;
  role: Role;
}

/** The forwarding target, when a rule sent the call elsewhere ('' when none). */
const forwardedTo = (c: Pick<CdrRow, 'fwd_user' | 'dst_user'>) =>
  c.fwd_user !== '' && c.fwd_user !== c.dst_user ? c.fwd_user : '';
/** Answered: a 2xx final answer (sip_code), or a talk time when the code was not recorded. */
export const answered = (c: Pick<CdrRow, 'sip_code' | 'duration'>) =>
  c.sip_code ? c.sip_code.startsWith('2') : Number(c.duration) > 0;

/**
 * One acc_cdrs row as the record of one of its parties. Inbound / Outbound / Missed for that party; Missed-VM never
 * (no voicemail on this platform). The flow: caller → number dialled, and with forwarding a second leg number dialled
 * → forwarding target; the talk time is on the leg that was answered. `names` maps `user@sip domain` of the tenant's
 * extensions to their names (other parties show no name).
 */
export function toCallRecord(c: CdrRow, names: ReadonlyMap<string, string>): PlatformCallRecord {
  const startedAt = kamailioTime(c.start_time);
  const talk = answered(c) ? Math.round(Number(c.duration)) : 0;
  const fwd = forwardedTo(c);
  const out = c.role === 'out';
  const other = out ? `${c.dst_user}@${c.dst_domain}` : `${c.src_user}@${c.src_domain}`;
  const flow: PlatformCallLeg[] = [
    { callingNumber: c.src_user, dialedNumber: c.dst_user, target: c.dst_user, talkSeconds: fwd ? 0 : talk, startedAt },
  ];
  if (fwd) flow.push({ callingNumber: c.dst_user, dialedNumber: fwd, target: fwd, talkSeconds: talk, startedAt });
  return {
    id: recordId(c.id, c.role),
    extension: c.role === 'out' ? c.src_user : c.role === 'in' ? c.dst_user : fwd,
    name: names.get(other) ?? '',
    destination: out ? c.dst_user : c.src_user,
    direction: out ? 'Outbound' : answered(c) ? 'Inbound' : 'Missed',
    startedAt,
    talkSeconds: talk,
    flow,
  };
}

/** The sides of a call that are the tenant's (`user@SIP domain` in `mine`): caller, dialled number, forwarding target. */
export function sidesOf(c: Omit<CdrRow, 'role'>, mine: ReadonlySet<string>): CdrRow[] {
  const out: CdrRow[] = [];
  if (mine.has(`${c.src_user}@${c.src_domain}`)) out.push({ ...c, role: 'out' });
  if (mine.has(`${c.dst_user}@${c.dst_domain}`)) out.push({ ...c, role: 'in' });
  const fwd = forwardedTo(c);
  if (fwd && mine.has(`${fwd}@${c.dst_domain}`)) out.push({ ...c, role: 'fwd' });
  return out;
}

interface Account {
  extension: string;
  sipDomain: string;
  name: string;
}

const COLUMNS = sql.raw(
  'id, start_time, duration, callid, src_user, src_domain, dst_user, dst_domain, sip_code, fwd_user',
);

/**
 * Call records from Kamailio's acc_cdrs (deploy/kamailio/kamailio.cfg: one row per call, answered or not) for the
 * tenant's accounts (`<extension>@<SIP domain>` of its builtin_extensions rows), and recordings from rtpengine's pcaps
 * (recordingRef = the call-id) — issue #15. missed_calls is not read: cdr_on_failed already gives every unanswered
 * call its acc_cdrs row with the final answer code.
 */
export class KamailioCallRecords {
  private readonly pcaps?: RtpenginePcaps;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly kam: KamailioDb,
    private readonly opts: CallRecordsOptions,
  ) {
    if (opts.recordingDir) this.pcaps = new RtpenginePcaps(opts.recordingDir);
  }

  /** The tenant's accounts (one extension, or all), each with its SIP domain and name. */
  private async accounts(tenant: string, extensions?: string[]): Promise<Account[]> {
    let q = this.db
      .selectFrom('builtin_extensions')
      .select(['extension', 'domain', 'firstname', 'lastname'])
      .where('tenant_id', '=', tenant);
    if (extensions) q = q.where('extension', 'in', extensions.length ? extensions : ['']);
    return (await q.execute()).map((r) => ({
      extension: r.extension,
      sipDomain: this.opts.sipDomainOf(r.domain),
      name: `${r.firstname} ${r.lastname}`.trim(),
    }));
  }

  /** Users of one SIP domain matched against a column: `=` for one, an array (PostgreSQL) or json_each (SQLite). */
  private userIn(column: string, users: string[]): RawBuilder<unknown> {
    const col = sql.ref(column);
    if (users.length === 1) return sql`${col} = ${users[0]}`;
    if (this.kam.kind === 'postgres') return sql`${col} = ANY(${users}::varchar[])`;
    return sql`${col} IN (SELECT value FROM json_each(${JSON.stringify(users)}))`;
  }

  /**
   * My Calls (q.extension) or the group's calls (the whole tenant), newest first, paged by offset over the records
   * (sides of calls). The calls are read first, newest first, as many as the page can need (each call gives at least
   * one record), with one condition per side that the per-user indexes (src_user|dst_user|fwd_user, domain,
   * start_time) answer; for a tenant carrying much of the traffic PostgreSQL walks start_time backwards instead.
   */
  async listCallRecords(q: CallRecordQuery): Promise<Page<PlatformCallRecord>> {
    const offset = Math.max(0, Number(q.cursor ?? 0) || 0);
    const limit = Math.min(Math.max(1, q.limit ?? DEFAULT_PAGE), MAX_PAGE);
    const accounts = await this.accounts(q.tenantExternalId, q.extension === undefined ? undefined : [q.extension]);
    if (accounts.length === 0) return { items: [] };
    const byDomain = new Map<string, string[]>();
    for (const a of accounts) byDomain.set(a.sipDomain, [...(byDomain.get(a.sipDomain) ?? []), a.extension]);
    const sides: RawBuilder<unknown>[] = [];
    for (const [domain, users] of byDomain) {
      sides.push(sql`(src_domain = ${domain} AND ${this.userIn('src_user', users)})`);
      sides.push(sql`(dst_domain = ${domain} AND ${this.userIn('dst_user', users)})`);
      sides.push(sql`(dst_domain = ${domain} AND ${this.userIn('fwd_user', users)} AND fwd_user <> dst_user)`);
    }
    const from = kamailioTimeParam(this.kam.kind, q.from);
    const to = kamailioTimeParam(this.kam.kind, q.to);
    const calls = await onKamailio(
      async () =>
        (
          await sql<
            Omit<CdrRow, 'role'>
          >`SELECT ${COLUMNS} FROM acc_cdrs WHERE start_time >= ${from} AND start_time <= ${to} AND (${sql.join(sides, sql` OR `)})
            ORDER BY start_time DESC, id DESC LIMIT ${offset + limit + 1}`.execute(this.kam.kysely)
        ).rows,
    );
    const mine = new Set(accounts.map((a) => `${a.extension}@${a.sipDomain}`));
    const rows = calls.flatMap((c) => sidesOf(c, mine));
    const items = await this.present(q.tenantExternalId, rows.slice(offset, offset + limit), accounts);
    return { items, ...(rows.length > offset + limit ? { nextCursor: String(offset + limit) } : {}) };
  }

  /** One record of the tenant (see recordId), the party being one of its accounts; null otherwise. */
  async getCallRecord(tenant: string, id: string): Promise<PlatformCallRecord | null> {
    if (!/^[1-9]\d{1,15}$/.test(id)) return null;
    const role = DIGIT_ROLE[Number(id.slice(-1))];
    if (!role) return null;
    const row = await onKamailio(() =>
      this.kam.kysely
        .selectFrom('acc_cdrs')
        .select([
          'id',
          'start_time',
          'duration',
          'callid',
          'src_user',
          'src_domain',
          'dst_user',
          'dst_domain',
          'sip_code',
          'fwd_user',
        ])
        .where('id', '=', Number(id.slice(0, -1)))
        .executeTakeFirst(),
    );
    if (!row) return null;
    const c: CdrRow = { ...row, role };
    const [user, domain] =
      role === 'out'
        ? [c.src_user, c.src_domain]
        : role === 'in'
          ? [c.dst_user, c.dst_domain]
          : [forwardedTo(c), c.dst_domain];
    if (!user) return null;
    const mine = await this.accounts(tenant, [user]);
    if (!mine.some((a) => a.sipDomain === domain)) return null;
    const [record] = await this.present(tenant, [c], mine);
    return record ?? null;
  }

  /** The call's recording as a WAV, for a call-id of one of the tenant's calls; null when there is none. */
  async getRecording(tenant: string, ref: string): Promise<PlatformRecording | null> {
    if (!this.pcaps || !ref) return null;
    const rows = await onKamailio(() =>
      this.kam.kysely
        .selectFrom('acc_cdrs')
        .select(['src_user', 'src_domain', 'dst_user', 'dst_domain', 'fwd_user'])
        .where('callid', '=', ref)
        .limit(20)
        .execute(),
    );
    const parties = rows.flatMap((r) => [
      `${r.src_user}@${r.src_domain}`,
      `${r.dst_user}@${r.dst_domain}`,
      ...(r.fwd_user ? [`${r.fwd_user}@${r.dst_domain}`] : []),
    ]);
    if (parties.length === 0) return null;
    const users = [...new Set(parties.map((p) => p.slice(0, p.lastIndexOf('@'))))];
    const mine = new Set((await this.accounts(tenant, users)).map((a) => `${a.extension}@${a.sipDomain}`));
    if (!parties.some((p) => mine.has(p))) return null;
    const data = await this.pcaps.wav(ref);
    return data ? { contentType: 'audio/wav', data } : null;
  }

  /** Records of the rows: names of the tenant's own extensions, and a recordingRef for answered calls with a pcap. */
  private async present(tenant: string, rows: CdrRow[], known: Account[]): Promise<PlatformCallRecord[]> {
    const others = new Set(rows.map((c) => (c.role === 'out' ? c.dst_user : c.src_user)));
    for (const a of known) others.delete(a.extension);
    const accounts = others.size ? [...known, ...(await this.accounts(tenant, [...others]))] : known;
    const names = new Map(accounts.map((a) => [`${a.extension}@${a.sipDomain}`, a.name]));
    const recorded = this.pcaps ? await this.pcaps.recorded() : () => false;
    return rows.map((c) => {
      const record = toCallRecord(c, names);
      if (c.callid && answered(c) && recorded(c.callid)) record.recordingRef = c.callid;
      return record;
    });
  }
}
