import { z } from 'zod';
import type { Deps } from '../../deps';
import { defineJob } from '../../lib/jobs';
import { syncTenants } from './tenants.sync';

export const TENANTS_SYNC = 'tenants.sync';

/** Pulls the platform's tenant list into the portal (idempotent: an upsert). */
export const tenantsSyncJob = defineJob({
  type: TENANTS_SYNC,
  payload: z.object({}),
  async run(ctx, deps: Deps) {
    const report = await syncTenants(ctx.db, deps.connector);
    await ctx.progress({ done: report.total, total: report.total, failed: 0 });
    return report;
  },
});
