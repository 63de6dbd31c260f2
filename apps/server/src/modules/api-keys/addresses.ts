import { BlockList, isIP } from 'node:net';
import { AppError } from '../../lib/errors';

/**
 * The addresses an API key may be used from: IPv4 and IPv6 addresses and CIDR ranges, checked with node's own
 * address parser (node:net BlockList), never with hand-written parsing of the numbers.
 */

type Family = 'ipv4' | 'ipv6';
const familyOf = (address: string): Family | null => ({ 4: 'ipv4', 6: 'ipv6' })[isIP(address)] as Family | null;

/** An IPv4 address written as IPv6 (`::ffff:192.0.2.1`, how a dual-stack socket reports it) as plain IPv4. */
const unmapped = (ip: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip) ? ip.slice(7) : ip);

interface Entry {
  address: string;
  family: Family;
  prefix: number | null;
}

/** One entry, or null when it is neither an address nor a CIDR range with a prefix in its family's range. */
function parseEntry(text: string): Entry | null {
  const [address, prefixText, extra] = text.trim().split('/');
  if (address === undefined || extra !== undefined) return null;
  const family = familyOf(address);
  if (!family) return null;
  if (prefixText === undefined) return { address, family, prefix: null };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  if (prefix > (family === 'ipv4' ? 32 : 128)) return null;
  return { address, family, prefix };
}

/** The entries as they will be stored (trimmed, without duplicates); a 400 naming the first one that is not valid. */
export function normaliseAddresses(list: readonly string[] | undefined): string[] {
  const out: string[] = [];
  for (const text of list ?? []) {
    const entry = parseEntry(text);
    if (!entry) throw new AppError('validation_failed', 'apiKeyBadAddress', { value: text.trim().slice(0, 50) });
    const shown = entry.prefix === null ? entry.address : `${entry.address}/${entry.prefix}`;
    if (!out.includes(shown)) out.push(shown);
  }
  return out;
}

/** Whether a request from `ip` may use a key with these allowed entries (none: any address). */
export function addressAllowed(entries: readonly string[], ip: string): boolean {
  if (entries.length === 0) return true;
  const address = unmapped(ip);
  const family = familyOf(address);
  if (!family) return false;
  const list = new BlockList();
  for (const text of entries) {
    const e = parseEntry(text);
    if (!e) continue;
    if (e.prefix === null) list.addAddress(e.address, e.family);
    else list.addSubnet(e.address, e.prefix, e.family);
  }
  return list.check(address, family);
}
