import { List, Stack, Text } from '@mantine/core';
import type { JobReply, SkippedRecipient } from '@provisio/contract';
import { useTranslation } from 'react-i18next';
import { MailDelivery } from './MailDelivery';

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

/** The queued count of a QR-link job's result (0 when it has none). */
export const emailQueuedOf = (job: JobReply) => readReport(job.result).queued;

/**
 * Issue #20: a QR-link job's report says what was queued and skipped, then follows the outbox per message
 * (MailDelivery): waiting, delivered, failed with a Retry.
 */
export function EmailJobReport({ job }: { job: JobReply }) {
  const { t } = useTranslation();
  const report = readReport(job.result);
  return (
    <Stack gap={6}>
      <Text size="sm" data-testid="job-report-email">
        {t('jobs.report.emailQueued', { count: report.queued })}
      </Text>
      <MailDelivery job={job} queued={report.queued} testId="job-email" />
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
