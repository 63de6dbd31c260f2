import { z } from 'zod';
import { call } from './call';
import { callerEcho } from './common';

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
};
