import { PROFILE_SETTING_NAMES, type ProfileSettings } from '@provisio/contract';
import type { KeyMap } from './xml-mapping';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/** Text content of an element; characters XML 1.0 cannot carry at all are dropped. */
export const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ESCAPES[c]!).replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');

const el = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;

export interface AccountXmlInput {
  title: string;
  username: string;
  password: string | null;
  authUsername: string;
  host: string;
  transport: string;
  cloudUsername: string;
  settings: ProfileSettings;
  blf: { target: string; label: string }[];
}

/** The settings' XML elements in the field table's order: set values only, each key once. */
export function settingElements(settings: ProfileSettings, map: KeyMap): [string, string][] {
  const out: [string, string][] = [];
  const used = new Set<string>();
  const outboundOff = settings.outboundproxyenabled !== '1';
  for (const name of PROFILE_SETTING_NAMES) {
    const key = map.keys[name];
    const value = settings[name];
    if (!key || !value || used.has(key)) continue;
    // Without an "enabled" key in the app, a disabled outbound proxy is simply not sent.
    if (outboundOff && (name === 'outboundproxyhost' || name === 'outboundproxytransport')) continue;
    used.add(key);
    out.push([key, value]);
  }
  return out;
}

/**
 * The external-provisioning answer: one flat `<account>` (Acrobits merges it over the portal defaults), with the
 * extension's credentials first, then the profile's settings, then the BLF keys (our own representation).
 */
export function buildAccountXml(a: AccountXmlInput, map: KeyMap): string {
  const fixed: [string, string | null][] = [
    ['title', a.title],
    ['username', a.username],
    ['password', a.password],
    ['authUsername', a.authUsername],
    ['host', a.host],
    ['transport', a.transport],
    ['cloud_username', a.cloudUsername],
  ];
  const fixedNames = new Set(fixed.map(([k]) => k));
  const lines = fixed.filter((f): f is [string, string] => !!f[1]).map(([k, v]) => `  ${el(k, v)}`);
  for (const [k, v] of settingElements(a.settings, map)) if (!fixedNames.has(k)) lines.push(`  ${el(k, v)}`);
  if (map.blf && a.blf.length > 0) {
    lines.push(`  <${map.blf}>`);
    a.blf.forEach((k, i) => {
      const uri = `sip:${k.target}@${a.host.replace(/:\d+$/, '')}`;
      lines.push(`    <key>${el('position', String(i + 1))}${el('target', k.target)}${el('uri', uri)}${el('label', k.label)}</key>`);
    });
    lines.push(`  </${map.blf}>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<account>\n${lines.join('\n')}\n</account>\n`;
}

export const xmlMessage = (text: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<message>${escapeXml(text)}</message>\n`;
