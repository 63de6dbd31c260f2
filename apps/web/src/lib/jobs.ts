import { JOB_ID_HEADER, type JobReply } from '@provisio/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from './api';

/** How often a running job's progress is asked for. */
export const JOB_POLL_MS = 500;

export const jobKey = (id: number) => ['jobs', id] as const;

export function getJobStatus(id: number): Promise<JobReply> {
  return callApi('jobStatus', { id });
}

export const isFinished = (job: JobReply | undefined) => job?.status === 'done' || job?.status === 'failed';

/** Polls a background job until it is done or failed. */
export function useJobStatus(id: number) {
  return useQuery({
    queryKey: jobKey(id),
    queryFn: () => getJobStatus(id),
    refetchInterval: (query) => (isFinished(query.state.data) ? false : JOB_POLL_MS),
    staleTime: 0,
  });
}

/** The job id that calls starting (or joining) a job put in the X-Job-Id header. */
export function jobIdFrom(headers: Headers): number | null {
  const id = Number(headers.get(JOB_ID_HEADER));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The per-failure messages a job's report carries (email, relink), already in the caller's language. */
export function jobFailures(job: JobReply): string[] {
  const result = job.result;
  if (typeof result !== 'object' || result === null || !('failures' in result)) return [];
  const failures = (result as { failures: unknown }).failures;
  return Array.isArray(failures) ? failures.filter((f): f is string => typeof f === 'string') : [];
}
