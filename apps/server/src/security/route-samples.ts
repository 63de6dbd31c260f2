import type { TestApp } from '../../test/harness';
import { createResellerUser, createUser } from '../../test/harness';
import { EXTENSIONS_SYNC } from '../modules/extensions/extensions.jobs';
import { type Principals, VICTIM_TENANT, tokenFor } from './security-fixture';
import { TWO_FACTOR_SAMPLES } from './route-samples-two-factor';
import { VIEW_AS_SAMPLES } from './route-samples-view-as';
import { API_KEYS_SAMPLES } from './route-samples-api-keys';
import { MAIL_TRUTH_SAMPLES } from './route-samples-mail';
import { TEMPLATE_PREVIEW_SAMPLES } from './route-samples-templates';
import { WEBHOOK_SAMPLES } from './route-samples-webhooks';
import { SUBSCRIBERS_SAMPLES } from './route-samples-subscribers';
import type { Ids, Sample } from './route-sample-types';

export type { Ids, Sample } from './route-sample-types';

const V = VICTIM_TENANT;
const pw = 'Matrix-pass-9';

function importRow(extension: string): Record<string, string> {
  return {
    Extension: extension,
    Domain: V,
    'Site Name': 'Main',
    'First Name': 'Eve',
    'Last Name': 'Import',
    Admin: 'false',
    Email: '',
    Linked: 'false',
    'Mobile App Allowed': 'false',
    'Desktop App Allowed': 'false',
    tenantid: V,
  };
}

/** Keyed like the permission matrix ('METHOD url' as registered); routes without a body or query have no entry. */
export const SAMPLES: Record<string, Sample> = {
  // Outside /api/v1: the health check and the OpenAPI document are public.
  'GET /api/docs/static/*': { url: () => '/api/docs/static/swagger-ui.css' },
  // system, auth, profile, files
  'POST /api/v1/adminLogin': { body: () => ({ user: 'nobody', password: 'wrong-pass-1' }) },
  'POST /api/v1/forgetPassword': { body: () => ({ username: 'nobody' }) },
  'POST /api/v1/resetPassword': { body: () => ({ ref: 'no-such-ref', password: pw }) },
  'POST /api/v1/resetResellerPassword': { body: () => ({ ref: 'no-such-ref', password: pw }) },
  'POST /api/v1/changePassword': { body: () => ({ old_password: 'not-the-password', new_password: pw }) },
  'POST /api/v1/getProfileDetails': { body: () => ({}) },
  'GET /api/v1/files/:id': { url: () => '/api/v1/files/0123456789abcdef0123456789abcdef' },
  'POST /api/v1/dashboardSummary': { body: () => ({}) },
  'POST /api/v1/mailLog': { body: () => ({}) },
  // resellers, reseller users, users: admin only
  'POST /api/v1/resellerSummary': { body: () => ({}) },
  'POST /api/v1/createUpdateReseller': { body: (i) => ({ id: i.pioneer, name: 'Pioneer Voice' }) },
  'POST /api/v1/deleteReseller': { body: () => ({ id: 999_999 }) },
  'POST /api/v1/getResellerTenants': { body: (i) => ({ reseller_id: i.pioneer }) },
  'POST /api/v1/createUpdateResllerTenants': { body: (i) => ({ reseller_id: i.pioneer, tenant_id: 'summit.example' }) },
  'POST /api/v1/deleteResellerTenant': { body: (i) => ({ id: i.pioneerTenantLink }) },
  'POST /api/v1/resellerUserSummary': { body: () => ({}) },
  'POST /api/v1/resellerUserDetail': { body: (i) => ({ id: i.victimResellerUser }) },
  'POST /api/v1/createUpdateResellerUser': {
    body: (i) => ({ id: i.victimResellerUser, name: 'Victim Seller', email: 'victim-seller@example.test' }),
  },
  'POST /api/v1/deleteResellerUser': { body: () => ({ id: 999_999 }) },
  'POST /api/v1/getUsersToResellers': { body: (i) => ({ user_id: i.victimResellerUser }) },
  'POST /api/v1/createUpdateResellerUsersJunction': {
    body: (i) => ({ reseller_id: i.pioneer, user_id: i.victimResellerUser }),
  },
  'POST /api/v1/deleteResellerUserJunction': { body: (i) => ({ id: i.victimLink }) },
  'POST /api/v1/userSummary': { body: () => ({}) },
  'POST /api/v1/userDetail': { body: (i) => ({ id: i.victimUser }) },
  'POST /api/v1/createUpdateUser': {
    body: (i) => ({
      id: i.victimUser,
      name: 'Victim User',
      email: 'victim@cobalt.example',
      username: 'victim-user',
      user_type: 'simple user',
      active: true,
      company: V,
    }),
  },
  'POST /api/v1/deleteUserDetail': { body: () => ({ id: 999_999 }) },
  // domains, licences, templates: scoped by tenant; templates are read by all and written by admins
  'POST /api/v1/domainSummary': { body: () => ({}) },
  'POST /api/v1/domainDetail': { body: (i) => ({ id: i.victimDomain }) },
  'POST /api/v1/createUpdateDomain': { body: (i) => ({ id: i.victimDomain, ext: '100', domain: V, tenant_id: V }) },
  'POST /api/v1/deleteDomainDetail': { body: (i) => ({ id: i.victimDomain }) },
  'POST /api/v1/getLicenses': { body: () => ({ tenant_id: V }) },
  'POST /api/v1/createUpdateLicenses': {
    body: () => ({ tenant_id: V, vcx_desktop: 30, vcx_mobile: 40, call_monitor: 5, call_recording: 10, analytics: 1 }),
  },
  'POST /api/v1/templateCreateUpdate': {
    body: (i) => ({
      id: i.template,
      name: 'Welcome to your softphone',
      subject: 'Hello',
      body: '<p>Hi {{first_name}}</p>',
    }),
  },
  'POST /api/v1/deleteTemplate': { body: () => ({ id: 999_999 }) },
  // tenants, audit, logs
  'POST /api/v1/tenantList': { body: () => ({}) },
  'POST /api/v1/updateAndGetTenants': {
    body: () => ({ tenant_id: V, column_name: 'mobile_app_allowed', value: 'true' }),
  },
  'POST /api/v1/createTenant': { body: () => ({ tid: V, tname: 'Cobalt Legal' }) },
  'POST /api/v1/auditLog': { body: () => ({}) },
  'POST /api/v1/getlogs': { body: () => ({ start: 0, end: Date.now() }) },
  // extensions, app accounts, jobs
  'POST /api/v1/getExtensions': { body: () => ({ tenant_id: V }) },
  'POST /api/v1/getAppUsage': { body: () => ({ tenant_id: V }) },
  'POST /api/v1/getRemoteDomains': { body: () => ({ tenant_id: V }) },
  'POST /api/v1/updateAndGetExtension': {
    body: (i) => ({ id: i.victimExtensionId, tenant_id: V, column_name: 'desktop_app_allowed', value: 'false' }),
  },
  'POST /api/v1/getUserDetails': { body: (i) => ({ tenant_id: V, extension: i.victimExtension }) },
  'POST /api/v1/editUserDetails': {
    body: (i) => ({
      tenant_id: V,
      extension: i.victimExtension,
      user_details: { firstName: 'Eve', lastName: 'Changed', emailAddress: 'eve@cobalt.example' },
    }),
  },
  'POST /api/v1/checkDuplicateEmails': { body: () => ({ email: 'x@cobalt.example', tenant_id: V }) },
  'POST /api/v1/createExtension': {
    body: () => ({ tenant_id: V, extension: '9901', domain: V, firstname: 'New', lastname: 'Ext' }),
  },
  'POST /api/v1/deleteExtension': { body: () => ({ tenant_id: V, extension: '9999' }) },
  'POST /api/v1/setSipPassword': { body: (i) => ({ tenant_id: V, extension: i.victimExtension }) },
  'POST /api/v1/extensionsImport': { body: (i) => [importRow(i.victimExtension)] },
  'POST /api/v1/extensionsExport': { body: () => ({ tenant_id: V }) },
  'POST /api/v1/linkExtension': {
    body: (i) => ({
      email: 'eve@cobalt.example',
      did: '+15550100',
      pin: '864213',
      password: pw,
      extension: i.victimExtension,
      tenant_id: V,
    }),
  },
  'POST /api/v1/emailLink': {
    body: () => ({ recepient: 'eve@cobalt.example', subject: 'Hi', body: '<p>{{link}}</p>', tenant_id: V }),
  },
  'POST /api/v1/reLinkExtensions': {
    body: (i) => [{ tenant_id: V, extension: i.victimExtension, email: 'eve@cobalt.example' }],
  },
  'POST /api/v1/resendInvite': {
    body: (i) => ({ tenant_id: V, extension: i.victimExtension, template_id: i.template }),
  },
  'POST /api/v1/inviteNotProvisioned': { body: (i) => ({ tenant_id: V, template_id: i.template }) },
  'POST /api/v1/revokeApp': { body: (i) => ({ tenant_id: V, extension: i.victimExtension }) },
  'POST /api/v1/rotateActivation': { body: (i) => ({ tenant_id: V, extension: i.victimExtension, send_email: true }) },
  'POST /api/v1/jobStatus': { body: (i) => ({ id: i.victimJob }) },
  'POST /api/v1/listJobs': { body: () => ({ tenant_id: V }) },
  // end-user calls: public, their credentials are in the body
  'POST /api/v1/appLogin': { body: () => ({ username: 'nobody@example.test', password: pw }) },
  'POST /api/v1/changeAppPassword': {
    body: () => ({ username: 'nobody@example.test', old_password: pw, new_password: `${pw}x` }),
  },
  'POST /api/v1/forgetAppPassword': { body: () => ({ username: 'nobody@example.test' }) },
  'POST /api/v1/resetAuthPassword': { body: () => ({ username: 'nobody@example.test' }) },
  'POST /api/v1/resetAppPassword': { body: () => ({ ref: 'no-such-ref', password: pw }) },
  'POST /api/v1/authLogin': { body: () => ({ username: 'nobody@example.test', password: pw }) },
  'POST /api/v1/emailQR': { body: () => ({ recepient: 'nobody@example.test', qrValue: 'x' }) },
  'POST /api/v1/userInformation': { body: () => ({ cloud_username: 'nobody@example.test', cloud_password: pw }) },
  'POST /api/v1/getCDRs': { body: (i) => ({ tenant_id: V, token: 'not-a-token', user: i.victimExtension }) },
  'POST /api/v1/getGroupCDRs': { body: (i) => ({ tenant_id: V, token: 'not-a-token', user: i.victimExtension }) },
  // A recording is public to a grant or an extension token, and to a portal session that may see its tenant.
  'GET /api/v1/recordings/:id': { url: (i) => `/api/v1/recordings/${i.victimRecording}?tenant_id=${V}` },
  'POST /api/v1/getAppSettings': { body: () => ({ tab: 'appSettings' }) },
  'POST /api/v1/saveAppSettings': { body: () => ({ tab: 'callGroupsSettings', values: { groups: [] } }) },
  // monitoring: admins and reseller users only
  'POST /api/v1/callActions': { body: () => ({ action: 'list_active_channels', tenant_id: V }) },
  'POST /api/v1/monitor/:callId': { url: () => `/api/v1/monitor/no-such-call?tenant_id=${V}`, sdp: true },
  'DELETE /api/v1/monitor/:callId/:session': { url: () => '/api/v1/monitor/victim-call/victim-session' },
  // client profiles, BLF keys, provisioning
  'POST /api/v1/profileSummary': { body: () => ({}) },
  'POST /api/v1/profileDetail': { body: (i) => ({ id: i.victimProfile }) },
  'POST /api/v1/profileCreateUpdate': {
    body: (i) => ({
      id: i.victimProfile,
      profile_name: 'Cobalt profile',
      proxy: 'sip.cobalt.example',
      transport: 'udp',
      tenant_id: V,
    }),
  },
  'POST /api/v1/deleteProfile': { body: () => ({ id: 999_999 }) },
  'POST /api/v1/getEffectiveProfile': { body: (i) => ({ tenant_id: V, extension: i.victimExtension }) },
  'POST /api/v1/getBlfKeys': {
    body: (i) => ({ profile_id: i.victimProfile, tenant_id: V, extension: i.victimExtension }),
  },
  'POST /api/v1/saveBlfKeys': {
    body: (i) => ({ profile_id: i.victimProfile, tenant_id: V, extension: i.victimExtension, keys: [] }),
  },
  'GET /api/v1/provision': { url: () => '/api/v1/provision?cloud_username=nobody&cloud_password=x' },
  'POST /api/v1/provision': { url: () => '/api/v1/provision?cloud_username=nobody&cloud_password=x' },
  'POST /api/v1/getLastProvisioned': { body: () => ({ tenant_id: V }) },
  'GET /api/v1/directory': { url: () => '/api/v1/directory?cloud_username=nobody&cloud_password=x' },
  'POST /api/v1/directory': { url: () => '/api/v1/directory?cloud_username=nobody&cloud_password=x' },
  'POST /api/v1/linphoneLink': { body: () => ({ grant: 'not-a-grant' }) },
  'GET /api/v1/linphone/:token': { url: () => '/api/v1/linphone/not-a-token' },
  ...VIEW_AS_SAMPLES,
  ...API_KEYS_SAMPLES,
  ...MAIL_TRUTH_SAMPLES,
  ...SUBSCRIBERS_SAMPLES,
  ...TEMPLATE_PREVIEW_SAMPLES,
  ...TWO_FACTOR_SAMPLES,
  ...WEBHOOK_SAMPLES,
};

/** Creates the victim records the samples name (the demo seed has the rest) and returns their ids. */
export async function victimIds(t: TestApp, p: Principals): Promise<Ids> {
  const db = t.db.kysely;
  const one = <T>(q: { executeTakeFirstOrThrow(): Promise<T> }) => q.executeTakeFirstOrThrow();
  const pioneer = (await one(db.selectFrom('resellers').select('id').where('name', '=', 'Pioneer Voice'))).id;
  const victimResellerUser = await createResellerUser(t.db, 'victim-seller@example.test', 'seller-pass-1', [pioneer]);
  const ext = await one(
    db.selectFrom('extensions').select(['id', 'extension']).where('tenant_id', '=', V).orderBy('extension'),
  );
  const job = await t.deps.jobs.enqueue(EXTENSIONS_SYNC, { tenant_id: V }, { tenantId: V, createdBy: 'user:999' });
  const admin = (await tokenFor(t.db, p, 'admin'))!;
  const profile = await t.call(
    'profileCreateUpdate',
    { profile_name: 'Cobalt profile', proxy: 'sip.cobalt.example', transport: 'udp', tenant_id: V },
    { token: admin },
  );
  // A listen-in session of the admin on a victim tenant's call, that others must not stop.
  const now = Date.now();
  await db
    .insertInto('monitor_sessions')
    .values({
      session_key: 'victim-session',
      tenant_id: V,
      sip_call_id: 'victim-call',
      actor_type: 'user',
      actor_id: p.admin,
      started_at: now,
      expires_at: now + 600_000,
    })
    .execute();
  return {
    pioneer,
    pioneerTenantLink: (
      await one(
        db.selectFrom('reseller_tenants').select('id').where('reseller_id', '=', pioneer).where('tenant_id', '=', V),
      )
    ).id,
    victimResellerUser,
    victimLink: (
      await one(db.selectFrom('reseller_user_links').select('id').where('reseller_user_id', '=', victimResellerUser))
    ).id,
    victimUser: await createUser(t.db, { username: 'victim-user', password: 'victim-pass-1', company: V }),
    victimDomain: (await one(db.selectFrom('domains').select('id').where('tenant_id', '=', V))).id,
    victimExtension: ext.extension,
    victimExtensionId: ext.id,
    template: (await one(db.selectFrom('email_templates').select('id'))).id,
    victimProfile: profile.json<{ id: number }>().id,
    victimJob: job.id,
    victimRecording: (
      await one(
        db.selectFrom('call_records').select('id').where('tenant_id', '=', V).where('recording_url', 'is not', null),
      )
    ).id,
  };
}

/** The request of a sample (or a bare call of the route) as light-my-request options. */
export function sampleRequest(
  method: string,
  url: string,
  ids: Ids,
  token: string | null,
): {
  method: 'GET';
  url: string;
  headers: Record<string, string>;
  payload?: string | object;
} {
  const s = SAMPLES[`${method === 'HEAD' ? 'GET' : method} ${url}`] ?? {};
  const body = s.body?.(ids);
  return {
    method: method as 'GET',
    url: s.url?.(ids) ?? url,
    headers: { ...(token ? { token } : {}), ...(s.sdp ? { 'content-type': 'application/sdp' } : {}) },
    ...(s.sdp
      ? { payload: 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 0\r\n' }
      : body === undefined
        ? {}
        : { payload: body as object }),
  };
}
