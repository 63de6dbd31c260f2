import { z } from 'zod';
import { call } from './call';
import { OkReply, callerEcho } from './common';

export const MailLogBody = z.strictObject({
  limit: z.number().int().min(1).max(200).default(50),
  offset: z.number().int().min(0).max(1_000_000).default(0),
  ...callerEcho,
});

/** Every outgoing message is recorded with its status; bodies are not shown (they can hold reset links). */
export const MailLogRow = z.object({
  id: z.number(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['queued', 'sending', 'sent', 'failed', 'logged']),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: z.number(),
  sent_at: z.number().nullable(),
});
export const MailLogReply = z.object({ total: z.number(), rows: z.array(MailLogRow) });
export type MailLogReply = z.infer<typeof MailLogReply>;

/**
 * Issue #20: what became of each message a job queued, read from the outbox. queued (waiting or being sent, also
 * between automatic retries), delivered (the SMTP server took it), failed (the last attempt failed: the row carries
 * the spec's 'Unable to send an email to {extension}'), logged (no SMTP server is configured: written to the log).
 */
export const MAIL_STATES = ['queued', 'delivered', 'failed', 'logged'] as const;
export const MailState = z.enum(MAIL_STATES);
export type MailState = z.infer<typeof MailState>;

export const JobMailsBody = z.strictObject({ job_id: z.number().int().positive(), ...callerEcho });
export const JobMailRow = z.object({
  mail_id: z.number(),
  tenant_id: z.string().nullable(),
  extension: z.string().nullable(),
  to: z.string(),
  state: MailState,
  attempts: z.number(),
  /** Why it failed, in the caller's language ('Unable to send an email to {extension}'); null unless failed. */
  message: z.string().nullable(),
});
export type JobMailRow = z.infer<typeof JobMailRow>;
/** Counts of every message of the job; rows: failed first, then queued, then the rest, at most JOB_MAILS_SHOWN. */
export const JobMailsReply = z.object({
  job_id: z.number(),
  counts: z.object({ queued: z.number(), delivered: z.number(), failed: z.number(), logged: z.number() }),
  rows: z.array(JobMailRow),
});
export type JobMailsReply = z.infer<typeof JobMailsReply>;
export const JOB_MAILS_SHOWN = 100;

export const RetryMailBody = z.strictObject({ mail_id: z.number().int().positive(), ...callerEcho });
export type RetryMailBody = z.infer<typeof RetryMailBody>;

export const mailCalls = {
  mailLog: call({
    method: 'POST',
    path: '/mailLog',
    access: 'admin',
    tags: ['mail'],
    summary: 'Recorded outgoing messages and their delivery status, newest first (admin; beyond the spec)',
    body: MailLogBody.optional(),
    reply: MailLogReply,
  }),
  jobMails: call({
    method: 'POST',
    path: '/jobMails',
    access: 'signed-in',
    tags: ['mail'],
    summary: "The delivery of each message a job queued (the outbox's status), for the screen that started it (#20)",
    body: JobMailsBody,
    reply: JobMailsReply,
  }),
  retryMail: call({
    method: 'POST',
    path: '/retryMail',
    access: 'signed-in',
    tags: ['mail'],
    summary: 'Queue a failed message again now (its tenant must be visible; counts against the mail quota; #20)',
    body: RetryMailBody,
    reply: OkReply,
  }),
};
