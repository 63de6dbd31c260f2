import { z } from 'zod';
import { LANGUAGES, formatMessage } from '@provisio/contract';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { defineJob } from '../../lib/jobs';
import { generatePassword, hashPassword } from '../../lib/passwords';
import { emailToPlatform } from './email-to-platform';
import { assertEmailFree, saveAppAccount } from './app-accounts.repository';
import { composeLinkEmail, qrLink } from './link-email';
import { planLinkRecipients } from './link-recipients';
import { findExtension } from '../extensions/extensions.repository';
import { markInvited } from '../extensions/lifecycle';

export const EMAIL_LINKS = 'app-accounts.email-links';
export const RELINK = 'app-accounts.relink';
const PROGRESS_EVERY = 25;

const Lang = z.enum(LANGUAGES);
const Resume = z.object({ next: z.number(), sent: z.number(), failures: z.array(z.string()) });

/** At most this many skipped recipients are kept in the report (the count is always whole). */
const SKIPPED_SHOWN = 200;
const EmailResume = z.object({
  next: z.number(),
  queued: z.number(),
  skipped_count: z.number(),
  skipped: z.array(z.unknown()),
});

/**
 * Queues the QR-link emails: for each recipient email, one message per subscriber having it that can use it
 * (link-recipients.ts: linked, with an app account, not revoked); the others are skipped and reported. Each
 * message is queued in the outbox with this job's id (jobMails follows its delivery) together with a once-only
 * mark, so a re-run never sends it twice. The report says "queued", never "sent": delivery is the outbox's.
 */
export const emailLinksJob = defineJob({
  type: EMAIL_LINKS,
  payload: z.object({
    recipients: z.array(z.string()),
    cc: z.string(),
    subject: z.string(),
    body: z.string(),
    tenants: z.union([z.literal('all'), z.array(z.string())]),
    lang: Lang,
  }),
  async run(ctx, deps: Deps) {
    const p = ctx.payload;
    const resume = EmailResume.safeParse(ctx.checkpoint);
    const s = resume.success ? resume.data : { next: 0, queued: 0, skipped_count: 0, skipped: [] as unknown[] };
    const total = p.recipients.length;
    while (s.next < total) {
      const part = p.recipients.slice(s.next, s.next + PROGRESS_EVERY);
      const plan = await planLinkRecipients(ctx.db, deps.config.CLOUD_ID, p.tenants, part, p.lang);
      for (const u of plan.toSend) {
        const mail = composeLinkEmail({ subject: p.subject, body: p.body }, u, {
          publicUrl: deps.config.publicUrl,
          cloudId: deps.config.CLOUD_ID,
          lang: p.lang,
        });
        await ctx.once(`mail:${u.tenant_id}:${u.extension}`, async (trx) => {
          const mailId = await deps.mailer.enqueue(
            {
              kind: 'qr_link',
              to: u.email,
              cc: p.cc,
              subject: mail.subject,
              html: mail.html,
              text: mail.text,
              jobId: ctx.id,
              tenantId: u.tenant_id,
              ref: u.extension,
              lang: p.lang,
            },
            trx,
          );
          await markInvited(trx, u.tenant_id, u.extension, mailId);
        });
        s.queued++;
      }
      s.skipped_count += plan.skipped.length;
      s.skipped.push(...plan.skipped.slice(0, Math.max(0, SKIPPED_SHOWN - s.skipped.length)));
      s.next += part.length;
      await ctx.progress({ done: s.next, total, failed: 0 }, s);
    }
    await ctx.progress({ done: total, total, failed: 0 }, s);
    return { queued: s.queued, skipped_count: s.skipped_count, skipped: s.skipped, failures: [] };
  },
});

/**
 * Re-creates the selected users' app accounts with a new generated password (never sent: the user sets one with
 * the reset link, and must change it at first sign-in anyway) and re-sends their QR links. Once per user.
 */
export const relinkJob = defineJob({
  type: RELINK,
  payload: z.object({
    users: z.array(z.object({ tenant_id: z.string(), extension: z.string(), email: z.string() })),
    lang: Lang,
  }),
  async run(ctx, deps: Deps) {
    const { users, lang } = ctx.payload;
    const resume = Resume.safeParse(ctx.checkpoint);
    const start = resume.success ? resume.data : { next: 0, sent: 0, failures: [] as string[] };
    let { next, sent } = start;
    const { failures } = start;
    const total = users.length;
    for (; next < total; next++) {
      const u = users[next]!;
      const ext = await findExtension(ctx.db, u.tenant_id, u.extension);
      try {
        if (!ext) throw new AppError('not_found', 'extensionNotFound');
        await assertEmailFree(ctx.db, deps.config.CLOUD_ID, u.tenant_id, u.extension, u.email);
        await emailToPlatform(deps, u.tenant_id, ext, u.email);
        const passwordHash = await hashPassword(generatePassword());
        const link = qrLink(deps.config.publicUrl, u.email, deps.config.CLOUD_ID);
        await ctx.once(`relink:${u.tenant_id}:${u.extension}`, async (trx) => {
          await saveAppAccount(trx, null, {
            cloudId: deps.config.CLOUD_ID,
            tenantId: u.tenant_id,
            extension: ext,
            email: u.email,
            passwordHash,
          });
          const name = `${ext.firstname} ${ext.lastname}`.trim() || u.email;
          const mailId = await deps.mailer.enqueue(
            {
              kind: 'relink',
              to: u.email,
              subject: formatMessage(lang, 'relinkEmailSubject'),
              text: formatMessage(lang, 'relinkEmailText', { name, username: u.email, link }),
              jobId: ctx.id,
              tenantId: u.tenant_id,
              ref: u.extension,
              lang,
            },
            trx,
          );
          await markInvited(trx, u.tenant_id, u.extension, mailId);
        });
        sent++;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        failures.push(formatMessage(lang, 'emailSendFailed', { extension: u.extension }));
      }
      await ctx.progress({ done: next + 1, total, failed: failures.length }, { next: next + 1, sent, failures });
    }
    return { relinked: sent, failures };
  },
});
