import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../lib/errors';
import type { CallAudioSource, PlatformActiveCall } from './connector';
import { KamailioRpcError, kamailioRpc } from './kamailio-rpc';
import { openSubscription } from './rtpengine-listen';
import { NgClient, RtpengineError } from './rtpengine-ng';

export interface LiveCallsOptions {
  rpcUrl: string;
  rtpengineNg: string;
  /** The SIP domain of a portal domain (KAMAILIO_SIP_DOMAIN or the domain itself). */
  sipDomainOf(portalDomain: string): string;
}

/** One entry of Kamailio 5.6's `dlg.list` (dialog module, rpc_print_dlgs): only the fields used here. */
export interface DlgEntry {
  'call-id'?: string;
  from_uri?: string;
  to_uri?: string;
  /** 1 unconfirmed, 2 early, 3 confirmed (200 OK, no ACK yet), 4 confirmed, 5 deleted. */
  state?: number;
  /** Unix seconds of the answer; 0 before. */
  start_ts?: number;
  init_ts?: number;
}

const CONFIRMED = new Set([3, 4]);
/** One `dlg.list` answers every tenant asked for within this window (an administrator's list asks once per tenant). */
const DIALOGS_REUSE_MS = 250;
/** Extensions per `IN (…)` list (SQLite's bound-parameter limit is far above). */
const USERS_PER_QUERY = 500;

/** `user@host` of a SIP URI, host lower-cased, without scheme, port, parameters or headers; '' when not a SIP URI. */
export function aorOf(uri: string | undefined): string {
  const m = /^\s*<?sips?:([^@;?>]+)@([^:;?>]+)/i.exec(uri ?? '');
  return m ? `${m[1]}@${m[2]!.toLowerCase()}` : '';
}

/** The confirmed entries of a `dlg.list` answer (an array; jsonrpcs may also give null, {} or a single object). */
function confirmed(dialogs: unknown): (DlgEntry & { 'call-id': string })[] {
  const list: unknown[] = Array.isArray(dialogs) ? dialogs : dialogs && typeof dialogs === 'object' ? [dialogs] : [];
  return list.filter(
    (d): d is DlgEntry & { 'call-id': string } =>
      !!d && typeof d === 'object' && !!(d as DlgEntry)['call-id'] && CONFIRMED.has(Number((d as DlgEntry).state)),
  );
}

/** The user parts of the callers and callees of the confirmed dialogs: the only extensions worth reading. */
export function dialogUsers(dialogs: unknown): string[] {
  const users = new Set<string>();
  for (const d of confirmed(dialogs)) {
    for (const aor of [aorOf(d.from_uri), aorOf(d.to_uri)]) if (aor) users.add(aor.slice(0, aor.lastIndexOf('@')));
  }
  return [...users];
}

/**
 * The confirmed dialogs whose caller (From) or callee (To: the number dialled) is one of `accounts` (`ext@sipdomain`),
 * as active calls (caller and callee as `sip:user@host`, without URI parameters); `aor` is the tenant's party (the
 * caller when both are).
 */
export function callsOfAccounts(dialogs: unknown, accounts: ReadonlySet<string>): PlatformActiveCall[] {
  const out: PlatformActiveCall[] = [];
  for (const d of confirmed(dialogs)) {
    const from = aorOf(d.from_uri);
    const to = aorOf(d.to_uri);
    const mine = accounts.has(from) ? from : accounts.has(to) ? to : '';
    if (!mine) continue;
    const seconds = Number(d.start_ts) || Number(d.init_ts) || 0;
    out.push({
      sipCallId: d['call-id'],
      caller: from ? `sip:${from}` : (d.from_uri ?? ''),
      callee: to ? `sip:${to}` : (d.to_uri ?? ''),
      aor: `sip:${mine}`,
      startedAt: new Date(seconds * 1000),
    });
  }
  return out.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime() || a.sipCallId.localeCompare(b.sipCallId));
}

/**
 * Active calls (Kamailio's dialog module, `dlg.list` over JSON-RPC) and their live audio for listen-in (rtpengine
 * `subscribe request` / `subscribe answer` / `unsubscribe`, mixed into PCMU by call-mixer.ts). Kamailio not
 * answering → 424 platformUnavailable (kamailioRpc); rtpengine not answering, or not holding the call's media
 * (the call started while it was down, or before it restarted) → 424 mediaServerUnavailable.
 */
export class KamailioLiveCalls {
  private readonly ng: NgClient;
  private dialogs: { at: number; value: Promise<unknown> } | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly opts: LiveCallsOptions,
  ) {
    this.ng = new NgClient(opts.rtpengineNg);
  }

  /** The tenant's SIP accounts (`ext@sipdomain`) among the given extensions: one query per 500 of them. */
  private async accountsOf(tenant: string, extensions: string[]): Promise<Set<string>> {
    const out = new Set<string>();
    for (let i = 0; i < extensions.length; i += USERS_PER_QUERY) {
      const rows = await this.db
        .selectFrom('builtin_extensions')
        .select(['extension', 'domain'])
        .where('tenant_id', '=', tenant)
        .where('extension', 'in', extensions.slice(i, i + USERS_PER_QUERY))
        .execute();
      for (const r of rows) out.add(`${r.extension}@${this.opts.sipDomainOf(r.domain).toLowerCase()}`);
    }
    return out;
  }

  /** `dlg.list`, shared by the requests that ask within DIALOGS_REUSE_MS of each other (a failure is not kept). */
  private listDialogs(): Promise<unknown> {
    const now = Date.now();
    if (this.dialogs && now - this.dialogs.at < DIALOGS_REUSE_MS) return this.dialogs.value;
    const value = kamailioRpc<unknown>(this.opts.rpcUrl, 'dlg.list').catch((err: unknown) => {
      if (!(err instanceof KamailioRpcError)) throw err;
      // Kamailio answers but cannot list dialogs (no dialog module, a fault): the calls cannot be shown, not a 5xx.
      const e = new AppError('platform_unreachable', 'platformUnavailable');
      e.cause = err;
      throw e;
    });
    const entry = { at: now, value };
    this.dialogs = entry;
    value.catch(() => {
      if (this.dialogs === entry) this.dialogs = null;
    });
    return value;
  }

  /** `dlg.list` once, then the tenant's extensions among the dialogs' parties (none read when nobody is talking). */
  async listActiveCalls(tenant: string): Promise<PlatformActiveCall[]> {
    const dialogs = await this.listDialogs();
    const users = dialogUsers(dialogs);
    if (users.length === 0) return [];
    const accounts = await this.accountsOf(tenant, users);
    return accounts.size ? callsOfAccounts(dialogs, accounts) : [];
  }

  async openCallAudio(tenant: string, sipCallId: string): Promise<CallAudioSource | null> {
    const calls = await this.listActiveCalls(tenant);
    if (!calls.some((c) => c.sipCallId === sipCallId)) return null;
    try {
      return await openSubscription(this.ng, sipCallId);
    } catch (err) {
      if (!(err instanceof RtpengineError)) throw err;
      // rtpengine answers but has no media of this call (not anchored, or lost in a restart): no listening possible.
      const e = new AppError('platform_unreachable', 'mediaServerUnavailable');
      e.cause = err;
      throw e;
    }
  }
}
