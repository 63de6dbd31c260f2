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
export const PROVISION_PATH = '/api/v1/provision';
