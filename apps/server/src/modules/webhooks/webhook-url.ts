import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';

/**
 * Where the portal may send webhooks (docs/security.md, "Signed webhooks"): http(s) only, no credentials in the
 * URL, never the portal itself, and, unless WEBHOOKS_ALLOW_PRIVATE, no private, loopback, link-local or otherwise
 * internal address (SSRF). Checked when an endpoint is saved and again on every delivery, against the addresses
 * the connection actually uses (the delivery's DNS lookup goes through isPrivateAddress).
 */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addSubnet('0.0.0.0', 32, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
LOOPBACK.addAddress('::', 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is. */
const unmapped = (ip: string) => ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
const family = (ip: string) => (isIP(ip) === 6 ? 'ipv6' : 'ipv4');

export function isPrivateAddress(address: string): boolean {
  const ip = unmapped(address);
  return PRIVATE.check(ip, family(ip));
}
const isLoopback = (address: string) => {
  const ip = unmapped(address);
  return LOOPBACK.check(ip, family(ip));
};

const portOf = (u: URL) => Number(u.port || (u.protocol === 'https:' ? 443 : 80));
const bare = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();

/** The portal's own address: its PUBLIC_URL's host and port, or its listening port on this machine. */
export function pointsAtPortal(config: Config, u: URL, addresses: string[]): boolean {
  const pub = new URL(config.publicUrl);
  if (bare(pub.hostname) === bare(u.hostname) && portOf(pub) === portOf(u)) return true;
  if (portOf(u) !== config.PORT) return false;
  const host = bare(u.hostname);
  return host === 'localhost' || host === bare(config.HOST) || addresses.some(isLoopback);
}

/** The host's addresses (the literal itself for an IP). */
export async function addressesOf(u: URL): Promise<string[]> {
  const host = bare(u.hostname);
  if (isIP(host)) return [host];
  try {
    return (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    throw new AppError('validation_failed', 'webhookUrlUnresolved');
  }
}

/** Parses and checks an endpoint URL; a refusal is a 400 with its reason. */
export async function checkWebhookUrl(config: Config, raw: string): Promise<string> {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new AppError('validation_failed', 'webhookUrlInvalid');
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.username || u.password || !u.hostname)
    throw new AppError('validation_failed', 'webhookUrlInvalid');
  if (pointsAtPortal(config, u, [])) throw new AppError('validation_failed', 'webhookUrlSelf');
  const addresses = await addressesOf(u);
  if (pointsAtPortal(config, u, addresses)) throw new AppError('validation_failed', 'webhookUrlSelf');
  if (!config.WEBHOOKS_ALLOW_PRIVATE && addresses.some(isPrivateAddress))
    throw new AppError('validation_failed', 'webhookUrlPrivate');
  return u.toString();
}
