import { z } from 'zod';
import { call } from './call';
import { LastProvisionedBody, LastProvisionedList } from './client-profiles';

/**
 * The QR payload and the app hand-off link, built in one place for the web (QR pages, issue #6) and the server
 * (QR emails). Acrobits Cloud Softphone reads `csc:username:password@CLOUDID`; the shorter forms
 * `csc:username@CLOUDID` and `csc:CLOUDID` make the app ask for what is missing. A `*` after the cloud id selects
 * the app's test version. Username and password are URL-encoded; cloud ids hold only letters and digits.
 * (softphone-provisioning notes §4, verified in doc.acrobits.net/cloudsoftphone/qr.html)
 */
export interface CscCredentials {
  cloudId: string;
  username?: string | undefined;
  password?: string | undefined;
  /** Select the app's test version (`CLOUDID*`). */
  testVersion?: boolean | undefined;
}

const enc = (s: string) => encodeURIComponent(s);

/** The QR text: the full form when username and password are given, else the shorter forms. */
export function cscPayload(c: CscCredentials): string {
  const code = `${c.cloudId}${c.testVersion ? '*' : ''}`;
  if (c.username && c.password) return `csc:${enc(c.username)}:${enc(c.password)}@${code}`;
  if (c.username) return `csc:${enc(c.username)}@${code}`;
  return `csc:${code}`;
}

/**
 * The link that hands the credentials to an installed app after a web sign-in. Third-party code says the same
 * `csc:` URI works as a tappable link; no Acrobits page confirms it (unverified, docs/provisioning.md).
 */
export function appHandOffLink(c: CscCredentials): string {
  return cscPayload(c);
}

/** Reads a `csc:` text back (for tests and for showing what a QR holds); null when it is not one. */
export function parseCscPayload(text: string): CscCredentials | null {
  const m = /^csc:(?:([^:@]*)(?::([^@]*))?@)?([A-Za-z0-9_-]+)(\*)?$/.exec(text);
  if (!m) return null;
  const [, user, pass, cloudId, star] = m;
  return {
    cloudId: cloudId!,
    ...(user ? { username: decodeURIComponent(user) } : {}),
    ...(pass !== undefined ? { password: decodeURIComponent(pass) } : {}),
    ...(star ? { testVersion: true } : {}),
  };
}

/** The names the external-provisioning call accepts (Acrobits' doc example and its sample server). */
export const PROVISION_PARAM_NAMES = {
  cloudId: ['cloud_id', 'cloudid', 'fullcode'],
  username: ['cloud_username', 'username'],
  password: ['cloud_password', 'password'],
} as const;

const provisionSummary =
  'Acrobits external provisioning: app credentials in, the account XML of the extension and its client profile out (403 <message> on any refusal)';
/** What /provision answers: XML, not JSON, also on a refusal. */
const ProvisionXml = z
  .unknown()
  .meta({ description: 'The account XML (application/xml); a refusal is <message> XML with its status' });

/**
 * Softphone provisioning: the public endpoint the app calls as GET (query) or POST (form or JSON) with the fields of
 * PROVISION_PARAM_NAMES, read by the route from the query and the body (no body schema), and the last provisioning per extension.
 */
export const provisioningCalls = {
  provision: call({
    method: 'GET',
    path: '/provision',
    access: 'public',
    tags: ['provisioning'],
    summary: provisionSummary,
    reply: ProvisionXml,
  }),
  provisionForm: call({
    method: 'POST',
    path: '/provision',
    access: 'public',
    tags: ['provisioning'],
    summary: provisionSummary,
    reply: ProvisionXml,
  }),
  getLastProvisioned: call({
    method: 'POST',
    path: '/getLastProvisioned',
    access: 'signed-in',
    tags: ['provisioning'],
    summary: "When each extension's app last provisioned (epoch ms)",
    body: LastProvisionedBody,
    reply: LastProvisionedList,
  }),
};
