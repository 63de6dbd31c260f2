import type { MessageKey, SettingsValues } from '@provisio/contract';
import { type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { warnOnStderr } from '../db/sqlite-driver';
import type { Database } from '../db/schema';
import { AppError, uniqueOr } from '../lib/errors';
import { BuiltinAppSettings } from './builtin-settings';
import type { AppSettingsStore, TabAvailability } from './connector';
import { type KamailioDb, onKamailio } from './kamailio-db';
import {
  type CallSettingKey,
  type CallSettingsSchema,
  FIXED_KEYS,
  blockedPattern,
  callSettingKeys,
} from './kamailio-settings-keys';
import { kamailioRpc } from './kamailio-rpc';

export interface KamailioSettingsOptions {
  /** Kamailio's JSON-RPC URL, for `htable.reload cs`; absent: the settings Kamailio enforces cannot be changed. */
  rpcUrl?: string;
  sipDomainOf(portalDomain: string): string;
}

/** The tabs Kamailio enforces (kamailio.cfg reads the htable `cs`). */
const ENFORCED = ['callControlSettings', 'blockedNumbersSettings'] as const;
type EnforcedTab = (typeof ENFORCED)[number];
const isEnforced = (tab: string): tab is EnforcedTab => (ENFORCED as readonly string[]).includes(tab);
/** Tabs Kamailio cannot make take effect: no media server (voicemail, schedules' voicemail and time rules), no groups. */
const UNAVAILABLE: Record<string, MessageKey> = {
  voicemailSettings: 'settingsNeedMediaServer',
  schedulesSettings: 'settingsNeedMediaServer',
  callGroupsSettings: 'settingsNoCallGroups',
};

type Trx = Kysely<CallSettingsSchema>;
type Row = CallSettingKey & { key_type: number; expires: number };

/** Every row of one AOR: its fixed keys and its blocked numbers. */
const ofAor = (aor: string) => (eb: ExpressionBuilder<CallSettingsSchema, 'provisio_call_settings'>) =>
  eb.or([
    eb(
      'key_name',
      'in',
      FIXED_KEYS.map((k) => `${k}::${aor}`),
    ),
    sql<SqlBool>`key_name LIKE ${blockedPattern(aor)} ESCAPE '\\'`,
  ]);

/** Replaces the rows of one AOR in one transaction; the rows it had before (to put back if Kamailio does not reload). */
async function replaceRows(db: Trx, aor: string, rows: (CallSettingKey & Partial<Row>)[]): Promise<Row[]> {
  // Another portal instance writing the same AOR at the same moment loses on the unique key: a 409, not a 5xx.
  return onKamailio(() =>
    uniqueOr(
      () =>
        db.transaction().execute(async (trx) => {
          const before = await trx
            .selectFrom('provisio_call_settings')
            .select(['key_name', 'key_type', 'value_type', 'key_value', 'expires'])
            .where(ofAor(aor))
            .orderBy('id')
            .execute();
          await trx.deleteFrom('provisio_call_settings').where(ofAor(aor)).execute();
          if (rows.length)
            await trx
              .insertInto('provisio_call_settings')
              .values(rows.map((r) => ({ key_type: 0, expires: 0, ...r })))
              .execute();
          return before as Row[];
        }),
      () => new AppError('conflict', 'callSettingsNotApplied'),
    ),
  );
}

/**
 * App settings on Kamailio: stored in the portal (builtin table); the ones Kamailio enforces (forwarding, DND, call
 * waiting, blocked numbers) pushed to its provisio_call_settings htable and reloaded through RPC — issue #15.
 * A change takes effect at once or not at all: the rows are written, Kamailio reloads them, and only then does the
 * portal keep the new values; when the reload fails the previous rows go back and the caller gets a 424.
 */
export class KamailioAppSettings implements AppSettingsStore {
  private readonly stored: BuiltinAppSettings;
  private readonly cs: Trx;
  /** Writes and reloads one at a time (a reload reads the whole table; two saves of one AOR must not interleave). */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    kam: KamailioDb,
    private readonly opts: KamailioSettingsOptions,
  ) {
    this.stored = new BuiltinAppSettings(db);
    this.cs = kam.kysely.withTables<CallSettingsSchema>() as unknown as Trx;
  }

  availability(tab: string): TabAvailability {
    if (isEnforced(tab))
      return this.opts.rpcUrl
        ? { availability: 'applied' }
        : { availability: 'unavailable', reason: 'settingsNeedSipControl' };
    const reason = UNAVAILABLE[tab];
    return reason ? { availability: 'unavailable', reason } : { availability: 'stored' };
  }

  get(tenant: string, extension: string, tab: string): Promise<Record<string, unknown> | null> {
    return this.stored.get(tenant, extension, tab);
  }

  async save(tenant: string, extension: string, tab: string, values: Record<string, unknown>): Promise<void> {
    const a = this.availability(tab);
    if (a.availability === 'unavailable') throw new AppError('forbidden', a.reason);
    if (!isEnforced(tab)) return this.stored.save(tenant, extension, tab, values);
    const aor = await this.aorOf(tenant, extension);
    await this.serially(async () => {
      // The AOR's keys come from both enforced tabs: the one being saved and the other as the portal holds it.
      const callControl =
        tab === 'callControlSettings'
          ? (values as SettingsValues<'callControlSettings'>)
          : await this.held(tenant, extension, 'callControlSettings');
      const blocked =
        tab === 'blockedNumbersSettings'
          ? (values as SettingsValues<'blockedNumbersSettings'>)
          : await this.held(tenant, extension, 'blockedNumbersSettings');
      const rows = callSettingKeys(aor, callControl, blocked);
      const before = await replaceRows(this.cs, aor, rows);
      await this.reloadOrRestore(aor, before);
      try {
        await this.stored.save(tenant, extension, tab, values);
      } catch (err) {
        // The portal could not keep the value: Kamailio goes back to what the portal still shows.
        await replaceRows(this.cs, aor, before)
          .then(() => this.reload())
          .catch((e) => warnOnStderr(e, 'call settings: could not put back the previous Kamailio keys'));
        throw err;
      }
    });
  }

  callGroups(tenant: string): Promise<string[]> {
    return this.stored.callGroups(tenant);
  }

  /**
   * An extension being deleted: its keys leave Kamailio (a forward-always must not outlive the extension) and its
   * stored tabs go. The reload is best effort: the rows are gone, so Kamailio drops the keys at its next load.
   */
  async forget(tenant: string, extension: string): Promise<void> {
    const row = await this.extensionRow(tenant, extension);
    // Without RPC nothing was ever pushed to Kamailio (the enforced tabs are unavailable), so there is nothing to drop.
    if (row && this.opts.rpcUrl) {
      const aor = `${extension}@${this.opts.sipDomainOf(row.domain)}`;
      await this.serially(async () => {
        const before = await replaceRows(this.cs, aor, []);
        if (before.length && this.opts.rpcUrl)
          await this.reload().catch((e) =>
            warnOnStderr(e, `call settings: htable.reload after deleting ${aor} failed`),
          );
      });
    }
    await this.stored.forget(tenant, extension);
  }

  /**
   * An extension whose portal domain changed (so its SIP domain may have): its keys move to the new AOR, rebuilt from
   * the tabs the portal holds. Call after the portal has the new domain. The reload is best effort, as in forget().
   */
  async extensionMoved(tenant: string, extension: string, fromPortalDomain: string): Promise<void> {
    if (!this.opts.rpcUrl) return;
    const from = `${extension}@${this.opts.sipDomainOf(fromPortalDomain)}`;
    const to = await this.aorOf(tenant, extension);
    if (from === to) return;
    await this.serially(async () => {
      const rows = callSettingKeys(
        to,
        await this.held(tenant, extension, 'callControlSettings'),
        await this.held(tenant, extension, 'blockedNumbersSettings'),
      );
      const old = await replaceRows(this.cs, from, []);
      await replaceRows(this.cs, to, rows);
      if ((old.length || rows.length) && this.opts.rpcUrl)
        await this.reload().catch((e) =>
          warnOnStderr(e, `call settings: htable.reload after moving ${from} to ${to} failed`),
        );
    });
  }

  private async held<T extends EnforcedTab>(
    tenant: string,
    extension: string,
    tab: T,
  ): Promise<SettingsValues<T> | null> {
    return (await this.stored.get(tenant, extension, tab)) as SettingsValues<T> | null;
  }

  private extensionRow(tenant: string, extension: string) {
    return this.db
      .selectFrom('builtin_extensions')
      .select('domain')
      .where('tenant_id', '=', tenant)
      .where('extension', '=', extension)
      .executeTakeFirst();
  }

  private async aorOf(tenant: string, extension: string): Promise<string> {
    const row = await this.extensionRow(tenant, extension);
    if (!row) throw new AppError('not_found', 'extensionNotFound');
    return `${extension}@${this.opts.sipDomainOf(row.domain)}`;
  }

  private reload(): Promise<unknown> {
    return kamailioRpc(this.opts.rpcUrl!, 'htable.reload', ['cs']);
  }

  /** Kamailio reloads the table, or the AOR's previous rows go back and the caller learns nothing changed (424). */
  private async reloadOrRestore(aor: string, before: Row[]): Promise<void> {
    try {
      await this.reload();
    } catch (err) {
      // A reload that timed out may still have happened: reload once more, so Kamailio holds the rows put back.
      await replaceRows(this.cs, aor, before)
        .then(() => this.reload())
        .catch((e) =>
          warnOnStderr(e, `call settings: Kamailio did not reload ${aor}; its previous keys are back in the table`),
        );
      const e = new AppError('platform_unreachable', 'callSettingsNotApplied');
      e.cause = err;
      throw e;
    }
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
