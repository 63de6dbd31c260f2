import type { Call } from './call';
import { apiKeysCalls } from './api-keys';
import { appAccountsCalls } from './app-accounts';
import { appActivationCalls } from './app-activation';
import { appAuthCalls } from './app-auth';
import { appSettingsCalls } from './app-settings';
import { auditCalls } from './audit';
import { authCalls } from './auth';
import { brandingCalls } from './branding';
import { cdrsCalls } from './cdrs';
import { clientProfilesCalls } from './client-profiles';
import { systemCalls } from './common';
import { dashboardCalls } from './dashboard';
import { directoryCalls } from './directory';
import { domainsCalls } from './domains';
import { extensionsCalls } from './extensions-calls';
import { jobsCalls } from './jobs';
import { licencesCalls } from './licences';
import { linphoneCalls } from './linphone';
import { logsCalls } from './logs';
import { mailCalls } from './mail';
import { monitorCalls } from './monitor';
import { profileCalls } from './profile';
import { filesCalls } from './profile';
import { provisioningCalls } from './provisioning';
import { resellerUsersCalls } from './reseller-users';
import { resellersCalls } from './resellers';
import { templatesCalls } from './templates';
import { tenantsCalls } from './tenants';
import { twoFactorCalls } from './two-factor';
import { usersCalls } from './users';
import { viewAsCalls } from './view-as';
import { webhooksCalls } from './webhooks';

/**
 * Every `/api/v1` call, by name: the server checks that it registers exactly these routes (apps/server/src/lib/
 * call-table.test.ts) and the permission matrix reads their access from here. Each module declares its own calls next
 * to its schemas (e.g. `tenantsCalls`); the web imports those per module (so a page's bundle holds only the calls it
 * makes).
 */
export const CALLS = {
  ...apiKeysCalls,
  ...appAccountsCalls,
  ...appActivationCalls,
  ...appAuthCalls,
  ...appSettingsCalls,
  ...auditCalls,
  ...authCalls,
  ...brandingCalls,
  ...cdrsCalls,
  ...clientProfilesCalls,
  ...dashboardCalls,
  ...directoryCalls,
  ...domainsCalls,
  ...extensionsCalls,
  ...filesCalls,
  ...jobsCalls,
  ...licencesCalls,
  ...linphoneCalls,
  ...logsCalls,
  ...mailCalls,
  ...monitorCalls,
  ...profileCalls,
  ...provisioningCalls,
  ...resellerUsersCalls,
  ...resellersCalls,
  ...systemCalls,
  ...templatesCalls,
  ...tenantsCalls,
  ...twoFactorCalls,
  ...usersCalls,
  ...viewAsCalls,
  ...webhooksCalls,
} satisfies Record<string, Call>;
