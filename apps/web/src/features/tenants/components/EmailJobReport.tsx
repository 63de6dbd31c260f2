import { Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import type { JobReply, SkippedRecipient } from '@provisio/contract';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useJobMails, useRetryMail } from '../api/job-mails';

const SHOWN = 20;

interface EmailReport {
  queued: number;
  skippedCount: number;
  skipped: SkippedRecipient[];
}

function readReport(result: unknown): EmailReport {
  const r = (typeof result === 'object' && result !== null ? result : {}) as Record<string, unknown>;
  const skipped = Array.isArray(r.skipped) ? (r.skipped as SkippedRecipient[]) : [];
  return {
    queued: typeof r.queued === 'number' ? r.queued : 0,
    skippedCount: typeof r.skipped_count === 'number' ? r.skipped_count : skipped.length,
    skipped,
  };
}

/**
 * Issue #20: a QR-link job's report says what was queued and skipped, then follows the outbox per message: waiting,
 * delivered, failed (with 'Unable to send an email to {extension}' and a Retry), until nothing is waiting. The job
 * itself only queues; delivery is the outbox's, which retries on its own for hours, so the screen asks it.
 */
export function EmailJobReport({ job }: { job: JobReply }) {
  const { t } = useTranslation();
  const report = readReport(job.result);
  const mails = useJobMails(job.id, job.status === 'done' && report.queued > 0);
  const retry = useRetryMail(job.id);
  const counts = mails.data?.counts;
  const failed = (mails.data?.rows ?? []).filter((r) => r.state === 'failed');

  return (
    <Stack gap={6}>
      <Text size="sm" data-testid="job-report-email">
        {t('jobs.report.emailQueued', { count: report.queued })}
      </Text>
      {counts && (
        <Group gap={6} data-testid="job-email-status" data-queued={counts.queued} data-failed={counts.failed}>
          {counts.queued > 0 && (
            <Badge color="gray" variant="light" tt="none" data-testid="job-email-waiting">
              {t('jobs.report.emailWaiting', { count: counts.queued })}
            </Badge>
          )}
          <Badge color="teal" variant="light" tt="none" data-testid="job-email-delivered">
            {t('jobs.report.emailDelivered', { count: counts.delivered })}
          </Badge>
          {counts.failed > 0 && (
            <Badge color="red" variant="light" tt="none" data-testid="job-email-failed-count">
              {t('jobs.report.emailFailed', { count: counts.failed })}
            </Badge>
          )}
          {counts.logged > 0 && (
            <Badge color="yellow" variant="light" tt="none">
              {t('jobs.report.emailLogged', { count: counts.logged })}
            </Badge>
          )}
        </Group>
      )}
      {failed.length > 0 && (
        <Stack gap={4} data-testid="job-email-failures">
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
      {report.skippedCount > 0 && (
        <Stack gap={2} data-testid="job-email-skipped">
          <Text size="sm" c="orange.8" fw={500}>
            {t('jobs.report.emailSkipped', { count: report.skippedCount })}
          </Text>
          <List size="sm" c="dimmed">
            {report.skipped.slice(0, SHOWN).map((s) => (
              <List.Item key={`${s.tenant_id}/${s.extension}/${s.email}`}>{s.message}</List.Item>
            ))}
            {report.skippedCount > SHOWN && (
              <List.Item>{t('jobs.more', { count: report.skippedCount - SHOWN })}</List.Item>
            )}
          </List>
        </Stack>
      )}
    </Stack>
  );
}
