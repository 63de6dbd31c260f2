import { z } from 'zod';
import type { Deps } from '../../deps';
import { defineJob } from '../../lib/jobs';
import { syncTenantExtensions, upsertPortalExtensions } from './extensions.sync';
import { emitImportFinished } from '../webhooks/watchers';

export const EXTENSIONS_SYNC = 'extensions.sync';
export const EXTENSIONS_IMPORT = 'extensions.import';
/** A sync asked for less than this long after the same sync finished joins that finished job (tenants' too). */
export const SYNC_JOIN_FINISHED_MS = 2 * 60_000;
const CHUNK = 500;

/** Pulls one tenant's domains and extensions from the platform (a full comparison: safe to run again). */
export const extensionsSyncJob = defineJob({
  type: EXTENSIONS_SYNC,
  payload: z.object({ tenant_id: z.string() }),
  async run(ctx, deps: Deps) {
    const report = await syncTenantExtensions(ctx.db, deps.connector, ctx.payload.tenant_id);
    const total = report.created + report.updated + report.removed + report.unchanged;
    await ctx.progress({ done: total, total, failed: 0 });
    return report;
  },
});

const ImportItem = z.object({
  extension: z.string(),
  domain: z.string(),
  siteName: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  admin: z.boolean(),
  mobile_app_allowed: z.boolean(),
  desktop_app_allowed: z.boolean(),
});
const Checkpoint = z.object({ group: z.number(), index: z.number(), done: z.number() });

/**
 * Applies checked import rows in chunks: the platform first, then the portal's table. Upserts only, so a chunk
 * applied twice (after a crash) changes nothing more; the checkpoint skips chunks already done.
 */
export const extensionsImportJob = defineJob({
  type: EXTENSIONS_IMPORT,
  payload: z.object({
    groups: z.array(z.object({ tenant_id: z.string(), items: z.array(ImportItem) })),
    skipped: z.number().default(0),
  }),
  async run(ctx, deps: Deps) {
    const { groups, skipped } = ctx.payload;
    const total = groups.reduce((n, g) => n + g.items.length, 0);
    const start = Checkpoint.safeParse(ctx.checkpoint);
    let { group, index, done } = start.success ? start.data : { group: 0, index: 0, done: 0 };
    await ctx.progress({ done, total, failed: skipped });
    for (; group < groups.length; group++, index = 0) {
      const g = groups[group]!;
      for (; index < g.items.length; index += CHUNK) {
        const chunk = g.items.slice(index, index + CHUNK);
        await deps.connector.upsertExtensions?.(g.tenant_id, chunk);
        await ctx.db.transaction().execute((trx) => upsertPortalExtensions(trx, g.tenant_id, chunk));
        done += chunk.length;
        await ctx.progress({ done, total, failed: skipped }, { group, index: index + CHUNK, done });
      }
    }
    await ctx.once('webhooks', (trx) => emitImportFinished(trx, ctx.id, groups, { applied: done, skipped }));
    return { applied: done, skipped };
  },
});
