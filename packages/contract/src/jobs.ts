import { z } from 'zod';
import { call } from './call';
import { callerEcho } from './common';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const JobStatusName = z.enum(JOB_STATUSES);

/** Calls that start (or join) a background job answer with its id in this header, keeping the spec's reply shape. */
export const JOB_ID_HEADER = 'x-job-id';

export const JobStatusBody = z.strictObject({ id: z.number().int().positive(), ...callerEcho });
export const JobReply = z.object({
  id: z.number(),
  type: z.string(),
  status: JobStatusName,
  tenant_id: z.string().nullable(),
  /** Progress: items handled, items in all (0 while unknown), and items that failed. */
  done: z.number(),
  total: z.number(),
  failed: z.number(),
  /** The job's report when finished (shape per type; failures carry translated messages). */
  result: z.unknown().nullable(),
  /** Why the job failed, in the caller's language. */
  error: z.string().nullable(),
  created_at: z.number(),
  finished_at: z.number().nullable(),
});
export type JobReply = z.infer<typeof JobReply>;

export const ListJobsBody = z.strictObject({ tenant_id: z.string().trim().min(1).max(255).optional(), ...callerEcho });
export const JobList = z.array(JobReply);

/** Replies of calls that start a job. */
export const JobStartedReply = z.object({
  ok: z.literal(true),
  message: z.string(),
  job_id: z.number(),
  joined: z.boolean(),
});
export type JobStartedReply = z.infer<typeof JobStartedReply>;

export const jobsCalls = {
  jobStatus: call({
    method: 'POST',
    path: '/jobStatus',
    access: 'signed-in',
    tags: ['jobs'],
    summary: "A background job's status, progress and report",
    body: JobStatusBody,
    reply: JobReply,
  }),
  listJobs: call({
    method: 'POST',
    path: '/listJobs',
    access: 'signed-in',
    tags: ['jobs'],
    summary: 'Recent background jobs the caller may see, newest first',
    body: ListJobsBody,
    reply: JobList,
  }),
};
