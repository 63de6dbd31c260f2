import { type DirectoryContact, PROVISION_PARAM_NAMES } from '@provisio/contract';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { burnPasswordCheck } from '../../lib/passwords';
import { checkActivationSecret } from '../app-activation/activation-secrets';
import { type CheckedAccount, checkAppCredentials } from '../app-auth/app-credentials';
import { param } from '../provisioning/provisioning.service';
import { type DirectoryRow, directoryChangedAt, listDirectory } from './directory.repository';

export interface DirectoryRequest {
  params: Record<string, unknown>;
  /** From an `Authorization: Basic` header, when the app is set up with wsContactsAuthUsername/Password. */
  basic: { username: string; password: string } | null;
  ip: string;
  /** Epoch ms from If-Modified-Since, or null. */
  ifModifiedSince: number | null;
}

export type DirectoryResult =
  { status: 304; lastModified: number } | { status: 200; lastModified: number | null; contacts: DirectoryContact[] };

/** The same refusal as /provision for every wrong credential: nothing tells an unknown account from a wrong password. */
const denied = () => new AppError('forbidden', 'invalidCredentials');

/**
 * The app's credentials, checked the way /provision checks them: the activation secret the app holds since its QR
 * (a hash lookup, no scrypt), else the user's own password through the throttle; one 403 for every refusal. The one
 * place that decides how the directory authenticates.
 */
export async function authenticateApp(
  deps: Deps,
  username: string,
  password: string,
  ip: string,
): Promise<CheckedAccount> {
  return (
    (await checkActivationSecret(deps, username, password)) ??
    (await checkAppCredentials(deps, username, password, ip, denied))
  );
}

const toContact = (r: DirectoryRow): DirectoryContact => {
  const name = `${r.firstname} ${r.lastname}`.trim();
  const entries: DirectoryContact['contactEntries'] = [
    { entryId: 'tel:ext', label: 'extension', type: 'tel', uri: r.extension },
  ];
  if (r.email) entries.push({ entryId: 'email:0', label: 'work', type: 'email', uri: r.email });
  return {
    contactId: r.extension,
    displayName: name || r.extension,
    fname: r.firstname,
    lname: r.lastname,
    contactEntries: entries,
  };
};

/**
 * Acrobits Web Service Contacts: the caller's own tenant's extensions. Credentials first, so an unauthenticated
 * request learns nothing (not even whether the directory changed); then 304 when nothing changed since
 * If-Modified-Since. HTTP dates have whole seconds, so no Last-Modified is given for the second that is still
 * running (a later change in that second would otherwise be answered 304).
 */
export async function readDirectory(deps: Deps, req: DirectoryRequest): Promise<DirectoryResult> {
  const cloudId = param(req.params, PROVISION_PARAM_NAMES.cloudId).replace(/\*$/, '');
  const username = req.basic?.username || param(req.params, PROVISION_PARAM_NAMES.username);
  const password = req.basic?.password || param(req.params, PROVISION_PARAM_NAMES.password);
  if (!username || !password) throw new AppError('bad_request', 'directoryMissing');
  if (cloudId && cloudId.toLowerCase() !== deps.config.CLOUD_ID.toLowerCase()) {
    await burnPasswordCheck(password);
    throw denied();
  }
  const acct = await authenticateApp(deps, username, password, req.ip);
  const db = deps.db.kysely;
  const changedAt = await directoryChangedAt(db, acct.tenantId);
  const second = Math.floor(changedAt / 1000) * 1000;
  const settled = changedAt > 0 && Math.floor(Date.now() / 1000) * 1000 > second;
  if (settled && req.ifModifiedSince !== null && req.ifModifiedSince >= second)
    return { status: 304, lastModified: second };
  const rows = await listDirectory(db, acct.tenantId, acct.extension);
  return { status: 200, lastModified: settled ? second : null, contacts: rows.map(toContact) };
}
