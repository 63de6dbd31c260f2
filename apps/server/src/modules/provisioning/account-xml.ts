import { PROFILE_FIELDS, PROFILE_SETTING_NAMES, type ProfileSettings } from '@provisio/contract';
import type { KeyMap } from './xml-mapping';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/** Text content of an element; characters XML 1.0 cannot carry at all are dropped. */
export const escapeXml = (s: string) =>
  // eslint-disable-next-line no-control-regex -- the control characters XML 1.0 forbids are what this removes
  s.replace(/[&<>"']/g, (c) => ESCAPES[c]!).replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');

const el = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;

export interface AccountXmlInput {
  title: string;
  username: string;
  password: string | null;
  authUsername: string;
  /** `<userDisplayName>`: the user's first and last name; empty leaves it out. */
  displayName: string;
  /** `<host>`: the extension's SIP domain (URI domain; Acrobits also connects to it when there is no proxy). */
  host: string;
  /** `<proxy>`: the server to connect to (host[:port]); empty when it is the SIP domain itself. */
  proxy: string;
  transport: string;
  cloudUsername: string;
  settings: ProfileSettings;
  blf: { target: string; label: string }[];
  /** `<extProvUrl>` / `<extProvInterval>` (seconds): where and how often the app fetches its account again. */
  reprovision?: { url: string; intervalSeconds: number };
  /** The company directory (Acrobits Web Service Contacts, `wsContacts*`): where the app reads the tenant's contacts. */
  directory?: { url: string; postData: string };
}

/** `host[:port]` split as the SDK's outbound proxy keys want it (host, then `outboundProxy_port`); IPv6 in brackets. */
export function splitHostPort(value: string): { host: string; port: string } {
  const m = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(value.trim());
  return m ? { host: m[1]!, port: m[2]! } : { host: value.trim(), port: '' };
}

/**
 * `<host>` is the SIP domain (Acrobits: the URI domain, also the server when there is no `<proxy>`); `<proxy>` is the
 * server to connect to (the profile's proxy, else the platform's SIP host), sent only when it is not the domain.
 */
export function sipServers(sipDomain: string, server: string): { host: string; proxy: string } {
  return { host: sipDomain, proxy: server && server.toLowerCase() !== sipDomain.toLowerCase() ? server : '' };
}

/**
 * Acrobits' per-account re-provisioning (`extProvUrl`, SDK accountDefaults.xml; `extProvInterval` in seconds): the
 * app calls /provision again with the cloud credentials it keeps, through the `%account[…]%` placeholders it fills
 * in. PROVISION_REFRESH_SECONDS=0 leaves both keys out.
 */
export function reprovisionKeys(c: {
  publicUrl: string;
  CLOUD_ID: string;
  PROVISION_REFRESH_SECONDS: number;
}): AccountXmlInput['reprovision'] {
  if (!c.PROVISION_REFRESH_SECONDS) return undefined;
  const url = `${c.publicUrl}/api/v1/provision?cloud_id=${encodeURIComponent(c.CLOUD_ID)}&cloud_username=%account[cloud_username]%&cloud_password=%account[cloud_password]%`;
  return { url, intervalSeconds: c.PROVISION_REFRESH_SECONDS };
}

/**
 * Acrobits Web Service Contacts (doc.acrobits.net/api/client/web_contacts.html): the app POSTs the cloud credentials
 * it keeps (the same `%account[…]%` placeholders as re-provisioning) to /api/v1/directory. Acrobits documents the
 * `wsContacts*` keys as global settings; that the account XML may carry them is not confirmed (docs/provisioning.md),
 * so a provider may have to enter the same values in the Cloud Softphone portal.
 */
export function directoryKeys(c: { publicUrl: string; CLOUD_ID: string }): AccountXmlInput['directory'] {
  return {
    url: `${c.publicUrl}/api/v1/directory`,
    postData: `cloud_id=${encodeURIComponent(c.CLOUD_ID)}&cloud_username=%account[cloud_username]%&cloud_password=%account[cloud_password]%`,
  };
}

/** A stored number outside the contract's range (saved before the range followed the SDK) is left out. */
function inRange(name: keyof typeof PROFILE_FIELDS, value: string): boolean {
  const spec = PROFILE_FIELDS[name];
  if (spec.kind !== 'number') return true;
  const n = Number(value);
  return Number.isInteger(n) && n >= spec.min && n <= spec.max;
}

/** The SDK's key for the outbound proxy's port (accountDefaults.xml `outboundProxy_port`, validator `port`). */
export const OUTBOUND_PROXY_PORT_KEY = 'outboundProxy_port';

/** The settings' XML elements in the field table's order: set values only, each key once. */
export function settingElements(settings: ProfileSettings, map: KeyMap): [string, string][] {
  const out: [string, string][] = [];
  const used = new Set<string>();
  const outboundOff = settings.outboundproxyenabled !== '1';
  for (const name of PROFILE_SETTING_NAMES) {
    const key = map.keys[name];
    const value = settings[name];
    if (!key || !value || used.has(key) || !inRange(name, value)) continue;
    // Without an "enabled" key in the app, a disabled outbound proxy is simply not sent.
    if (outboundOff && (name === 'outboundproxyhost' || name === 'outboundproxytransport')) continue;
    used.add(key);
    if (name === 'outboundproxyhost') {
      // The SDK keeps the port apart (outboundProxy_port): the host goes without it.
      const { host, port } = splitHostPort(value);
      out.push([key, host]);
      if (port && !used.has(OUTBOUND_PROXY_PORT_KEY)) {
        used.add(OUTBOUND_PROXY_PORT_KEY);
        out.push([OUTBOUND_PROXY_PORT_KEY, port]);
      }
      continue;
    }
    out.push([key, value]);
  }
  return out;
}

/**
 * The external-provisioning answer: one flat `<account>` (Acrobits merges it over the portal defaults), with the
 * extension's credentials first (`<host>` the SIP domain, `<proxy>` the server when it differs), the re-provisioning
 * keys, then the profile's settings, then BLF keys only when the operator names an element for them (none by default:
 * no Acrobits source we could read confirms one; docs/provisioning.md).
 */
export function buildAccountXml(a: AccountXmlInput, map: KeyMap): string {
  const fixed: [string, string | null][] = [
    ['title', a.title],
    ['username', a.username],
    ['password', a.password],
    ['authUsername', a.authUsername],
    ['userDisplayName', a.displayName],
    ['host', a.host],
    ['proxy', a.proxy],
    ['transport', a.transport],
    ['cloud_username', a.cloudUsername],
    ['extProvUrl', a.reprovision?.url ?? null],
    ['extProvInterval', a.reprovision ? String(a.reprovision.intervalSeconds) : null],
    ['wsContactsUrl', a.directory?.url ?? null],
    ['wsContactsMethod', a.directory ? 'POST' : null],
    ['wsContactsPostData', a.directory?.postData ?? null],
    ['wsContactsContentType', a.directory ? 'application/x-www-form-urlencoded' : null],
  ];
  const fixedNames = new Set(fixed.map(([k]) => k));
  const lines = fixed.filter((f): f is [string, string] => !!f[1]).map(([k, v]) => `  ${el(k, v)}`);
  for (const [k, v] of settingElements(a.settings, map)) if (!fixedNames.has(k)) lines.push(`  ${el(k, v)}`);
  if (map.blf && a.blf.length > 0) {
    lines.push(`  <${map.blf}>`);
    a.blf.forEach((k, i) => {
      const uri = `sip:${k.target}@${a.host.replace(/:\d+$/, '')}`;
      lines.push(
        `    <key>${el('position', String(i + 1))}${el('target', k.target)}${el('uri', uri)}${el('label', k.label)}</key>`,
      );
    });
    lines.push(`  </${map.blf}>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<account>\n${lines.join('\n')}\n</account>\n`;
}

export const xmlMessage = (text: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<message>${escapeXml(text)}</message>\n`;
