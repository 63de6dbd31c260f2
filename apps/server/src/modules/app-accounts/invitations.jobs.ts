import { z } from 'zod';
import { LANGUAGES } from '@provisio/contract';
import type { Deps } from '../../deps';
import { defineJob } from '../../lib/jobs';
import { markInvited } from '../extensions/lifecycle';
import { tenantSeats, takeSeat } from './invite-licence';
import { readExtension } from '../extensions/extensions.repository';
import { composeLinkEmail } from './link-email';
import { releaseMailQuotaIn } from './mail-quota';

export const INVITE = 'app-accounts.invite';
const BATCH = 200;

const Claim = z.object({ key: z.string(), count: z.number(), limit: z.number() });
const Resume = z.object({
  cursor: z.number(),
  done: z.number(),
  invited: z.number(),
  unlinked: z.number(),
  over_licence: z.number(),
  seen: z.object({ mobile_app_allowed: z.number(), desktop_app_allowed: z.number() }),
});
type Resume = z.infer<typeof Resume>;

/**
 * Invitation emails of one tenant (issue #14): every linked extension whose app has not provisioned yet
 * (`extension` absent: "invite everyone not yet provisioned"), or one extension (resend). Extensions are walked in
 * id order in batches, so a tenant of a million costs no more memory than one batch; unlinked extensions (no app
 * account, or no email) and those beyond the app licences are skipped and counted. Each message and its
 * "invited" mark share one transaction, once per job and extension. The mail quota was claimed for every
 * candidate up front; what was not sent is given back at the end.
 */
export const inviteJob = defineJob({
  type: INVITE,
  payload: z.object({
    tenant_id: z.string(),
    extension: z.string().optional(),
    subject: z.string(),
    body: z.string(),
    lang: z.enum(LANGUAGES),
    claims: z.array(Claim),
  }),
  async run(ctx, deps: Deps) {
    const p = ctx.payload;
    const seats = await tenantSeats(ctx.db, p.tenant_id);
    const resumed = Resume.safeParse(ctx.checkpoint);
    const s: Resume = resumed.success
      ? resumed.data
      : {
          cursor: 0,
          done: 0,
          invited: 0,
          unlinked: 0,
          over_licence: 0,
          seen: { mobile_app_allowed: 0, desktop_app_allowed: 0 },
        };
    const scope = ctx.db.selectFrom('extensions').where('tenant_id', '=', p.tenant_id);
    const total = p.extension
      ? 1
      : Number((await scope.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    for (;;) {
      let q = scope
        .select([
          'id',
          'extension',
          'firstname',
          'lastname',
          'email',
          'linked',
          'provisioned_at',
          'mobile_app_allowed',
          'desktop_app_allowed',
        ])
        .where('id', '>', s.cursor)
        .orderBy('id')
        .limit(BATCH);
      if (p.extension) q = q.where('extension', '=', p.extension);
      const rows = await q.execute();
      if (rows.length === 0) break;
      for (const r of rows) {
        const flags = readExtension(r);
        const within = takeSeat(seats, s.seen, flags);
        s.cursor = r.id;
        s.done++;
        // The bulk send leaves out apps already provisioned; a resend is asked for by name and goes anyway.
        if (!p.extension && r.provisioned_at !== null) continue;
        if (!flags.linked || !r.email.trim()) {
          s.unlinked++;
          continue;
        }
        if (!within && !p.extension) {
          s.over_licence++;
          continue;
        }
        const mail = composeLinkEmail({ subject: p.subject, body: p.body }, r, {
          publicUrl: deps.config.publicUrl,
          cloudId: deps.config.CLOUD_ID,
          lang: p.lang,
        });
        await ctx.once(`invite:${r.id}`, async (trx) => {
          const mailId = await deps.mailer.enqueue(
            {
              kind: 'qr_link',
              to: r.email,
              subject: mail.subject,
              html: mail.html,
              text: mail.text,
              jobId: ctx.id,
              tenantId: p.tenant_id,
              ref: r.extension,
              lang: p.lang,
            },
            trx,
          );
          await markInvited(trx, p.tenant_id, r.extension, mailId);
        });
        s.invited++;
      }
      await ctx.progress({ done: s.done, total: Math.max(total, s.done), failed: 0 }, s);
    }
    await ctx.once('release-quota', (trx) =>
      releaseMailQuotaIn(
        trx,
        p.claims.map((c) => ({ ...c, count: Math.max(0, c.count - s.invited) })),
      ),
    );
    await ctx.progress({ done: s.done, total: Math.max(total, s.done), failed: 0 }, s);
    return { invited: s.invited, unlinked: s.unlinked, over_licence: s.over_licence };
  },
});
