import type { JobMailsReply } from '@provisio/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { notifyInfo } from '../../../lib/notify';

/** How often the outbox's word on a job's mails is asked for while some are still waiting. */
const MAILS_POLL_MS = 1500;

const jobMailsKey = (jobId: number) => ['jobs', jobId, 'mails'] as const;

/** jobMails: each message a job queued and what the outbox did with it; polled while any is still queued. */
export function useJobMails(jobId: number, enabled: boolean) {
  return useQuery({
    queryKey: jobMailsKey(jobId),
    queryFn: () => callApi('jobMails', { job_id: jobId }),
    enabled,
    refetchInterval: (query) => {
      const data: JobMailsReply | undefined = query.state.data;
      return data && data.counts.queued === 0 ? false : MAILS_POLL_MS;
    },
    staleTime: 0,
  });
}

/** retryMail: a failed message is queued again now; the job's mails are read again. */
export function useRetryMail(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mailId: number) => callApi('retryMail', { mail_id: mailId }),
    onSuccess: async (reply) => {
      if (reply.message) notifyInfo(reply.message);
      await queryClient.invalidateQueries({ queryKey: jobMailsKey(jobId) });
    },
  });
}
