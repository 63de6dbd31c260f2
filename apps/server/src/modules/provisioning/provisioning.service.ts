import { PROVISION_PARAM_NAMES, type LastProvisionedList } from '@provisio/contract';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { burnPasswordCheck } from '../../lib/passwords';
import { checkActivationSecret } from '../app-activation/activation-secrets';
import { checkAppCredentials } from '../app-auth/app-credentials';
import type { Caller } from '../../lib/caller';
import { readSettings } from '../client-profiles/client-profiles.service';
import { readBlfKeys } from '../client-profiles/blf-keys';
import { effectiveProfile } from '../client-profiles/effective-profile';
import { markProvisioned } from '../extensions/lifecycle';
import { assertTenantVisible } from '../tenants/tenant-scope';
import { buildAccountXml, directoryKeys, reprovisionKeys, sipServers } from './account-xml';
import { type ProvisioningEntry, recordProvisioning, recordProvisioningOnce } from './provisioning-log';
import type { KeyMap } from './xml-mapping';

export interface ProvisionRequest {
  params: Record<string, unknown>;
  ip: string;
  userAgent: string;
}

const denied = () => new AppError('forbidden', 'invalidCredentials');

/** The first non-empty value under any of the accepted names (query, form or JSON; also the directory's). */
export function param(params: Record<string, unknown>, names: readonly string[]): string {
  for (const n of names) {
    const v = params[n];
    const s = Array.isArray(v) ? v[0] : v;
    if (typeof s === 'string' && s.trim()) return s.trim();
  }
  return '';
}

/**
 * Acrobits external provisioning: checks the app account (cloud id, username, password; throttled like sign-in),
 * then answers the extension's credentials and its most specific profile as `<account>` XML. Every refusal of the
 * credentials is the same 403. Each checked request is recorded; a refusal that cost no password check (throttled,
 * incomplete, another cloud) at most once per account and per address in each sign-in window.
 */
export async function provision(deps: Deps, map: KeyMap, req: ProvisionRequest): Promise<string> {
  // "CODE*" asks for the app's test version; the account is the same.
  const cloudId = param(req.params, PROVISION_PARAM_NAMES.cloudId).replace(/\*$/, '');
  const username = param(req.params, PROVISION_PARAM_NAMES.username);
  const password = param(req.params, PROVISION_PARAM_NAMES.password);
  const entry = (result: ProvisioningEntry['result']): ProvisioningEntry => ({
    cloudId,
    account: username,
    ip: req.ip,
    userAgent: req.userAgent,
    result,
  });
  if (!cloudId || !username || !password) {
    await recordProvisioningOnce(deps, 'missing', entry('missing'));
    throw new AppError('bad_request', 'provisionMissing');
  }
  if (cloudId.toLowerCase() !== deps.config.CLOUD_ID.toLowerCase()) {
    await burnPasswordCheck(password);
    await recordProvisioningOnce(deps, 'cloud', entry('denied'));
    throw denied();
  }
  let acct;
  try {
    // The activation secret first (a hash, no scrypt); the user's own password, throttled, for apps set up before.
    acct =
      (await checkActivationSecret(deps, username, password)) ??
      (await checkAppCredentials(deps, username, password, req.ip, denied));
  } catch (err) {
    // A check refused because the password queue is full (429 server_busy) was never made: nothing to record.
    if (err instanceof AppError && err.code === 'server_busy') throw err;
    if (err instanceof AppError && err.code === 'too_many_attempts')
      await recordProvisioningOnce(deps, 'throttled', entry('throttled'));
    else await recordProvisioning(deps, entry('denied'));
    throw err;
  }
  const db = deps.db.kysely;
  const found = await effectiveProfile(db, acct.tenantId, acct.domain);
  const profile = found?.profile;
  const blf = profile
    ? await readBlfKeys(db, { profileId: profile.id, tenantId: acct.tenantId, extension: acct.extension })
    : [];
  const sipPassword = deps.connector.getSipPassword
    ? await deps.connector.getSipPassword(acct.tenantId, acct.extension)
    : null;
  const xml = buildAccountXml(
    {
      title: `${acct.firstname} ${acct.lastname}`.trim() || acct.extension,
      username: acct.extension,
      password: sipPassword,
      authUsername: acct.extension,
      displayName: `${acct.firstname} ${acct.lastname}`.trim(),
      ...sipServers(
        deps.connector.sipDomainOf?.(acct.domain) ?? acct.domain,
        profile?.proxy || deps.connector.sipHost || '',
      ),
      reprovision: reprovisionKeys(deps.config),
      directory: directoryKeys(deps.config),
      transport: profile?.transport ?? '',
      cloudUsername: acct.username,
      settings: profile ? readSettings(profile) : {},
      blf: blf.map((k) => ({ target: k.target, label: k.label || `${k.firstname} ${k.lastname}`.trim() || k.target })),
    },
    map,
  );
  await recordProvisioning(deps, {
    ...entry('ok'),
    account: acct.username,
    tenantId: acct.tenantId,
    extension: acct.extension,
  });
  await markProvisioned(deps.db.kysely, acct.tenantId, acct.extension, req.userAgent);
  return xml;
}

/** When each extension of a tenant last provisioned successfully. */
export async function lastProvisioned(deps: Deps, caller: Caller, tenantId: string): Promise<LastProvisionedList> {
  await assertTenantVisible(deps.db, caller, tenantId);
  const rows = await deps.db.kysely
    .selectFrom('provisioning_log')
    .select((eb) => ['extension', eb.fn.max('at').as('at')])
    .where('tenant_id', '=', tenantId)
    .where('result', '=', 'ok')
    .groupBy('extension')
    .execute();
  return rows.filter((r) => r.extension !== null).map((r) => ({ extension: r.extension!, at: Number(r.at) }));
}
