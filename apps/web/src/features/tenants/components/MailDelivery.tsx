import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { JobReply } from '@provisio/contract';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useJobMails, useRetryMail } from '../api/job-mails';

interface MailDeliveryProps {
  job: JobReply;
  /** How many messages the job queued (0: nothing to follow). */
  queued: number;
  /** The job panel's test id (`job-email`, `job-relink`, `job-invite`). */
  testId: string;
}

/**
 * Issue #20: what the outbox did with the messages a job queued (QR links, relinks, invitations): waiting,
 * delivered, failed (each with 'Unable to send an email to {extension}' and a Retry), asked again until nothing is
 * waiting. The job itself only queues; delivery is the outbox's, which retries on its own for hours.
 */
export function MailDelivery({ job, queued, testId }: MailDeliveryProps) {
  const { t } = useTranslation();
  const mails = useJobMails(job.id, job.status === 'done' && queued > 0);
  const retry = useRetryMail(job.id);
  const counts = mails.data?.counts;
  if (!counts) return null;
  const failed = mails.data!.rows.filter((r) => r.state === 'failed');
  return (
    <Stack gap={6}>
      <Group gap={6} data-testid={`${testId}-delivery`} data-queued={counts.queued} data-failed={counts.failed}>
        {counts.queued > 0 && (
          <Badge color="gray" variant="light" tt="none" data-testid={`${testId}-waiting`}>
            {t('jobs.report.emailWaiting', { count: counts.queued })}
          </Badge>
        )}
        <Badge color="teal" variant="light" tt="none" data-testid={`${testId}-delivered`}>
          {t('jobs.report.emailDelivered', { count: counts.delivered })}
        </Badge>
        {counts.failed > 0 && (
          <Badge color="red" variant="light" tt="none" data-testid={`${testId}-failed-count`}>
            {t('jobs.report.emailFailed', { count: counts.failed })}
          </Badge>
        )}
        {counts.logged > 0 && (
          <Badge color="yellow" variant="light" tt="none">
            {t('jobs.report.emailLogged', { count: counts.logged })}
          </Badge>
        )}
      </Group>
      {failed.length > 0 && (
        <Stack gap={4} data-testid={`${testId}-failures`}>
          {failed.map((m) => (
            <Group key={m.mail_id} gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm" c="red.8" data-testid={`mail-failed-${m.extension ?? m.mail_id}`}>
                {m.message}
              </Text>
              <Button
                size="compact-xs"
                variant="light"
                leftSection={<IconRefresh size={14} />}
                loading={retry.isPending && retry.variables === m.mail_id}
                onClick={() => retry.mutate(m.mail_id)}
                data-testid={`mail-retry-${m.extension ?? m.mail_id}`}
              >
                {t('jobs.report.emailRetry')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The status badge of a job that queued mails, once the job itself is done: "Delivering" while the outbox still
 * has some, then "Delivered" or "Not all delivered", so the panel never says done for mail that has not gone.
 * Shares its query with MailDelivery (one request). `null` while the job runs or queued nothing: the job's own badge.
 */
export function MailJobBadge({ job, queued, testId }: MailDeliveryProps) {
  const { t } = useTranslation();
  const mails = useJobMails(job.id, job.status === 'done' && queued > 0);
  if (job.status !== 'done' || queued === 0) return null;
  const counts = mails.data?.counts;
  const state = !counts || counts.queued > 0 ? 'delivering' : counts.failed > 0 ? 'partly' : 'delivered';
  const color = { delivering: 'blue', partly: 'red', delivered: 'teal' }[state];
  return (
    <Badge size="sm" variant="light" color={color} data-testid={`${testId}-status`} data-delivery={state}>
      {t(`jobs.delivery.${state}`)}
    </Badge>
  );
}
