import type { Deps } from '../../deps';
import type { JobDefinition } from '../../lib/jobs';
import { emailLinksJob, relinkJob } from '../app-accounts/app-accounts.jobs';
import { inviteJob } from '../app-accounts/invitations.jobs';
import { extensionsImportJob, extensionsSyncJob } from '../extensions/extensions.jobs';
import { housekeepingJob } from '../housekeeping/housekeeping';
import { tenantsSyncJob } from '../tenants/tenants.jobs';

/** Every background job type, registered in one place. */
export const JOB_DEFINITIONS: JobDefinition<unknown, Deps>[] = [
  tenantsSyncJob,
  extensionsSyncJob,
  extensionsImportJob,
  relinkJob,
  emailLinksJob,
  inviteJob,
  housekeepingJob,
];
