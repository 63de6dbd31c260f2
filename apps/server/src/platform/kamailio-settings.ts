import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { BuiltinAppSettings } from './builtin-settings';
import type { AppSettingsStore } from './connector';
import type { KamailioDb } from './kamailio-db';

export interface KamailioSettingsOptions {
  /** Kamailio's JSON-RPC URL, for `htable.reload cs`; absent: the settings Kamailio enforces cannot be changed. */
  rpcUrl?: string;
  sipDomainOf(portalDomain: string): string;
}

/**
 * App settings on Kamailio: stored in the portal (builtin table); the ones Kamailio enforces (forwarding, DND, call
 * waiting, blocked numbers) pushed to its provisio_call_settings htable — issue #15.
 */
export class KamailioAppSettings implements AppSettingsStore {
  private readonly stored: BuiltinAppSettings;
  constructor(
    db: Kysely<Database>,
    private readonly kam: KamailioDb,
    private readonly opts: KamailioSettingsOptions,
  ) {
    this.stored = new BuiltinAppSettings(db);
  }

  get(tenant: string, extension: string, tab: string): Promise<Record<string, unknown> | null> {
    return this.stored.get(tenant, extension, tab);
  }

  async save(_tenant: string, _extension: string, _tab: string, _values: Record<string, unknown>): Promise<void> {
    void this.kam;
    void this.opts;
    throw new Error('KamailioAppSettings.save: being built (#15)');
  }

  callGroups(tenant: string): Promise<string[]> {
    return this.stored.callGroups(tenant);
  }
}
