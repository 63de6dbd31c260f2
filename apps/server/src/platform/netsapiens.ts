import { AppError } from '../lib/errors';
import { newSipPassword } from './builtin';
import type {
  Capabilities,
  CallRecordQuery,
  ExtensionWrite,
  ListOpts,
  Page,
  PlatformActiveCall,
  PlatformCallRecord,
  PlatformDomain,
  PlatformExtension,
  PlatformRegistration,
  PlatformTenant,
  TelephonyConnector,
} from './connector';
import { NsClient, type NsClientOptions } from './netsapiens-client';
import {
  type NsActiveCall,
  type NsCdr,
  type NsDevice,
  type NsDomain,
  type NsReseller,
  type NsSite,
  type NsUser,
  isAdminScope,
  isSystemUser,
  scopeFor,
  toActiveCall,
  toCallRecord,
  toExtension,
  toNsUser,
  toTenant,
} from './netsapiens-map';

export interface NetSapiensOptions extends Omit<NsClientOptions, 'maxInFlight'> {
  /** What a portal tenant is on NetSapiens: a reseller (all its domains) or one domain. */
  tenantMode: 'reseller' | 'domain';
  maxInFlight: number;
}

/** ns-api v2 pages: `start` (from 0, per the v45 schema) and `limit` (at most 1000). */
const NS_MAX_LIMIT = 1000;
const enc = encodeURIComponent;
const isNotFound = (err: unknown) => err instanceof AppError && err.code === 'not_found';

/**
 * NetSapiens through ns-api v2 with an API key. Tenants are resellers or domains (NS_TENANT_MODE); a tenant's
 * extensions are the users of its domains, less `system-` users; writes send "synchronous":"yes" so NS answers
 * 200 with the object once it is saved. SIP passwords are the user's device password.
 */
export class NetSapiensConnector implements TelephonyConnector {
  readonly id = 'netsapiens';
  readonly capabilities: Capabilities = {
    createTenant: false,
    upsertExtension: true,
    deleteExtension: true,
    setSipPassword: true,
    callRecords: true,
    activeCalls: true,
  };
  readonly client: NsClient;

  constructor(private readonly o: NetSapiensOptions) {
    this.client = new NsClient(o);
  }

  /** One page of a v2 list, as a cursor page (the cursor is the next `start`). */
  private async page<T>(path: string, o: ListOpts = {}, query: Record<string, string> = {}): Promise<Page<T>> {
    const start = Math.max(0, Number(o.cursor ?? 0) || 0);
    const limit = Math.min(Math.max(1, o.limit ?? NS_MAX_LIMIT), NS_MAX_LIMIT);
    const items = await this.client.request<T[]>('GET', path, { query: { ...query, start, limit } });
    const list = Array.isArray(items) ? items : [];
    return { items: list, ...(list.length === limit ? { nextCursor: String(start + limit) } : {}) };
  }

  private async all<T>(path: string, query: Record<string, string> = {}): Promise<T[]> {
    const out: T[] = [];
    let cursor: string | undefined;
    do {
      const p = await this.page<T>(path, { ...(cursor ? { cursor } : {}) }, query);
      out.push(...p.items);
      cursor = p.nextCursor;
    } while (cursor);
    return out;
  }

  async listTenants(o?: ListOpts): Promise<Page<PlatformTenant>> {
    const mode = this.o.tenantMode;
    const p = await this.page<NsReseller | NsDomain>(mode === 'reseller' ? '/resellers' : '/domains', o);
    return { ...p, items: p.items.map((r) => toTenant(mode, r)) };
  }

  /** The NS domains of a portal tenant: the domain itself, or the reseller's domains. */
  private async tenantDomains(tenant: string): Promise<string[]> {
    if (this.o.tenantMode === 'domain') return [tenant];
    const domains = await this.all<NsDomain>('/domains');
    return domains.filter((d) => d.reseller === tenant).map((d) => d.domain);
  }

  /** Every (domain, site) pair; a domain without sites is one pair with an empty site. */
  async listDomains(tenant: string): Promise<Page<PlatformDomain>> {
    const domains = await this.tenantDomains(tenant);
    const lists = await Promise.all(
      domains.map(async (domain) => {
        const sites = await this.all<NsSite>(`/domains/${enc(domain)}/sites`).catch((err: unknown) =>
          isNotFound(err) ? [] : Promise.reject(err),
        );
        return sites.length ? sites.map((s) => ({ domain, siteName: s.site })) : [{ domain, siteName: '' }];
      }),
    );
    return { items: lists.flat() };
  }

  /**
   * Every user of every domain of the tenant in one page: the domains are read together (the client keeps the
   * in-flight limit), which is what makes a 10,000-user sync take about a second.
   */
  async listExtensions(tenant: string): Promise<Page<PlatformExtension>> {
    const domains = await this.tenantDomains(tenant);
    const lists = await Promise.all(
      domains.map(async (d) =>
        (await this.all<NsUser>(`/domains/${enc(d)}/users`))
          .filter((u) => !isSystemUser(u))
          .map((u) => toExtension(d, u)),
      ),
    );
    return { items: lists.flat() };
  }

  private async findUser(domain: string, user: string): Promise<NsUser | null> {
    return this.client
      .request<NsUser>('GET', `/domains/${enc(domain)}/users/${enc(user)}`)
      .catch((err: unknown) => (isNotFound(err) ? null : Promise.reject(err)));
  }

  /** The domain holding this extension among the tenant's domains, or null. */
  private async domainOf(tenant: string, user: string): Promise<string | null> {
    for (const d of await this.tenantDomains(tenant)) if (await this.findUser(d, user)) return d;
    return null;
  }

  /** Creates (POST) or updates (PUT) each user, several at once; the scope changes only when the admin flag does. */
  async upsertExtensions(_tenant: string, items: ExtensionWrite[]): Promise<void> {
    await Promise.all(
      items.map(async (e) => {
        const path = `/domains/${enc(e.domain)}/users`;
        const current = await this.findUser(e.domain, e.extension);
        if (!current) {
          await this.client.request('POST', path, {
            body: { user: e.extension, ...toNsUser(e), 'user-scope': scopeFor(e.admin), synchronous: 'yes' },
          });
        } else {
          const scope = isAdminScope(current['user-scope']) === e.admin ? {} : { 'user-scope': scopeFor(e.admin) };
          await this.client.request('PUT', `${path}/${enc(e.extension)}`, {
            body: { ...toNsUser(e), ...scope, synchronous: 'yes' },
          });
        }
        if (e.sipPassword !== undefined || !current)
          await this.writeDevicePassword(e.domain, e.extension, e.sipPassword ?? newSipPassword());
      }),
    );
  }

  async deleteExtension(tenant: string, extension: string): Promise<void> {
    const domain = await this.domainOf(tenant, extension);
    if (domain) await this.client.request('DELETE', `/domains/${enc(domain)}/users/${enc(extension)}`);
  }

  /** The user's own device (named like the user), else its first one. */
  private async device(domain: string, user: string): Promise<NsDevice | null> {
    const list = await this.client
      .request<NsDevice[]>('GET', `/domains/${enc(domain)}/users/${enc(user)}/devices`)
      .catch((err: unknown) => (isNotFound(err) ? [] : Promise.reject(err)));
    return list.find((d) => d.device === user) ?? list[0] ?? null;
  }

  private async writeDevicePassword(domain: string, user: string, password: string): Promise<void> {
    const base = `/domains/${enc(domain)}/users/${enc(user)}/devices`;
    const dev = await this.device(domain, user);
    const body = { 'device-sip-registration-password': password, synchronous: 'yes' };
    if (dev) await this.client.request('PUT', `${base}/${enc(dev.device)}`, { body });
    else await this.client.request('POST', base, { body: { device: user, ...body } });
  }

  async getSipPassword(tenant: string, extension: string): Promise<string | null> {
    const domain = await this.domainOf(tenant, extension);
    if (!domain) return null;
    return (await this.device(domain, extension))?.['device-sip-registration-password'] ?? null;
  }

  async setSipPassword(tenant: string, extension: string, password: string): Promise<void> {
    const domain = await this.domainOf(tenant, extension);
    if (!domain) throw new AppError('not_found', 'extensionNotFound');
    await this.writeDevicePassword(domain, extension, password);
  }

  /** Registered devices of the tenant's domains (`/domains/{d}/devices`; a server without that list reports none). */
  async listRegistrations(tenant: string, extensions?: string[]): Promise<PlatformRegistration[]> {
    const wanted = extensions ? new Set(extensions) : null;
    const lists = await Promise.all(
      (await this.tenantDomains(tenant)).map((d) =>
        this.all<NsDevice & { user?: string }>(`/domains/${enc(d)}/devices`).catch((err: unknown) =>
          isNotFound(err) ? [] : Promise.reject(err),
        ),
      ),
    );
    return lists
      .flat()
      .filter(
        (d) => /^registered$/i.test(d['device-sip-registration-state'] ?? '') || !!d['device-sip-registration-contact'],
      )
      .map((d) => ({
        extension: d.user ?? d.device,
        contact: d['device-sip-registration-contact'] ?? '',
        userAgent: d['device-sip-registration-user-agent'] ?? '',
        expiresAt: new Date(d['device-sip-registration-expires-datetime'] ?? Date.now()),
      }))
      .filter((r) => !wanted || wanted.has(r.extension));
  }

  /** Call records of one domain after another (cursor `domainIndex:start`); an extension filters client-side. */
  async listCallRecords(q: CallRecordQuery): Promise<Page<PlatformCallRecord>> {
    const domains = await this.tenantDomains(q.tenantExternalId);
    const [di, st] = (q.cursor ?? '0:0').split(':').map((n) => Number(n) || 0) as [number, number];
    const domain = domains[di];
    if (!domain) return { items: [] };
    const range = { 'datetime-start': q.from.toISOString(), 'datetime-end': q.to.toISOString() };
    const p = await this.page<NsCdr>(
      `/domains/${enc(domain)}/cdrs`,
      { cursor: String(st), limit: q.limit ?? 100 },
      range,
    );
    const items = p.items.map(toCallRecord).filter((r) => !q.extension || r.extension === q.extension);
    const nextCursor = p.nextCursor ? `${di}:${p.nextCursor}` : di + 1 < domains.length ? `${di + 1}:0` : undefined;
    return { items, ...(nextCursor ? { nextCursor } : {}) };
  }

  async listActiveCalls(tenant: string): Promise<PlatformActiveCall[]> {
    const lists = await Promise.all(
      (await this.tenantDomains(tenant)).map((d) => this.all<NsActiveCall>(`/domains/${enc(d)}/calls`)),
    );
    return lists.flat().map(toActiveCall);
  }
}
