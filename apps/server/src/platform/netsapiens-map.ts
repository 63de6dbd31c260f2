import type { PlatformActiveCall, PlatformCallRecord, PlatformExtension, PlatformTenant } from './connector';

/** ns-api v2 shapes (v45 spec): only the fields the portal reads or writes. */
export interface NsReseller {
  reseller: string;
  description?: string;
}
export interface NsDomain {
  domain: string;
  reseller?: string;
  description?: string;
}
export interface NsSite {
  site: string;
}
export interface NsUser {
  user: string;
  domain?: string;
  'name-first-name'?: string;
  'name-last-name'?: string;
  'email-address'?: string;
  'user-scope'?: string;
  site?: string;
  'service-code'?: string;
}
export interface NsDevice {
  device: string;
  'device-sip-registration-password'?: string;
  'device-sip-registration-state'?: string;
  'device-sip-registration-contact'?: string;
  'device-sip-registration-user-agent'?: string;
  'device-sip-registration-expires-datetime'?: string;
}
export interface NsCdr {
  'call-orig-call-id'?: string;
  'call-parent-call-id'?: string;
  'call-direction'?: string | number;
  'call-disposition'?: string;
  'call-orig-caller-id'?: string;
  'call-orig-user'?: string;
  'call-term-user'?: string;
  'call-dialed-number'?: string;
  'call-start-datetime'?: string;
  'call-talking-duration-seconds'?: number | string;
  'call-orig-from-name'?: string;
}
export interface NsActiveCall {
  'call-orig-call-id': string;
  'call-orig-uri'?: string;
  'call-term-uri'?: string;
  'call-start-datetime'?: string;
}

const ADMIN_SCOPES = new Set(['office manager', 'site manager', 'reseller', 'super user']);
export const isAdminScope = (scope?: string) => ADMIN_SCOPES.has((scope ?? '').trim().toLowerCase());
/** What the portal writes for its admin flag; an existing scope that already matches the flag is kept. */
export const scopeFor = (admin: boolean) => (admin ? 'Office Manager' : 'Basic User');
/** NS auto attendants and queues are users with a `system-…` service code: not extensions. */
export const isSystemUser = (u: NsUser) => (u['service-code'] ?? '').toLowerCase().startsWith('system-');

export const toTenant = (mode: 'reseller' | 'domain', r: NsReseller | NsDomain): PlatformTenant =>
  mode === 'reseller'
    ? { externalId: (r as NsReseller).reseller, name: r.description || (r as NsReseller).reseller, kind: 'reseller' }
    : { externalId: (r as NsDomain).domain, name: r.description || (r as NsDomain).domain, kind: 'domain' };

export const toExtension = (domain: string, u: NsUser): PlatformExtension => ({
  extension: u.user,
  domain,
  siteName: u.site ?? '',
  firstname: u['name-first-name'] ?? '',
  lastname: u['name-last-name'] ?? '',
  email: u['email-address'] ?? '',
  admin: isAdminScope(u['user-scope']),
});

export const toNsUser = (e: PlatformExtension) => ({
  'name-first-name': e.firstname,
  'name-last-name': e.lastname,
  'email-address': e.email,
  site: e.siteName,
});

/** call-direction as words or the v1 numbers (0 outbound, 1 inbound, 2 missed: unverified). */
function direction(c: NsCdr): PlatformCallRecord['direction'] {
  const d = String(c['call-direction'] ?? '').toLowerCase();
  if (d === '2' || d.startsWith('miss'))
    return /voicemail|vm/i.test(c['call-disposition'] ?? '') ? 'Missed-VM' : 'Missed';
  if (d === '1' || d.startsWith('in') || d === 'received') return 'Inbound';
  return 'Outbound';
}

export function toCallRecord(c: NsCdr): PlatformCallRecord {
  const dir = direction(c);
  const inbound = dir !== 'Outbound';
  const talk = Number(c['call-talking-duration-seconds'] ?? 0) || 0;
  const startedAt = new Date(c['call-start-datetime'] ?? 0);
  const caller = c['call-orig-caller-id'] ?? c['call-orig-user'] ?? '';
  const dialed = c['call-dialed-number'] ?? c['call-term-user'] ?? '';
  return {
    id: c['call-orig-call-id'] ?? `${startedAt.getTime()}-${caller}`,
    extension: (inbound ? c['call-term-user'] : c['call-orig-user']) ?? '',
    name: c['call-orig-from-name'] ?? '',
    destination: inbound ? caller : dialed,
    direction: dir,
    startedAt,
    talkSeconds: talk,
    ...(c['call-orig-call-id'] ? { recordingRef: c['call-orig-call-id'] } : {}),
    flow: [
      {
        callingNumber: caller,
        dialedNumber: dialed,
        target: c['call-term-user'] ?? dialed,
        talkSeconds: talk,
        startedAt,
      },
    ],
  };
}

const uriUser = (uri?: string) => (uri ?? '').replace(/^sips?:/, '').replace(/@.*$/, '');
export const toActiveCall = (c: NsActiveCall): PlatformActiveCall => ({
  sipCallId: c['call-orig-call-id'],
  caller: uriUser(c['call-orig-uri']),
  callee: uriUser(c['call-term-uri']),
  ...(c['call-orig-uri'] ? { aor: c['call-orig-uri'] } : {}),
  startedAt: new Date(c['call-start-datetime'] ?? Date.now()),
});
