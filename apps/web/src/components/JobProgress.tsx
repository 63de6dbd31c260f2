import { Alert, Badge, CloseButton, Group, List, Paper, Progress, Stack, Text } from '@mantine/core';
import type { JobReply } from '@provisio/contract';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isFinished, jobFailures, useJobStatus } from '../lib/jobs';

const SHOWN_FAILURES = 20;
const STATUS_COLOR = { queued: 'gray', running: 'blue', done: 'teal', failed: 'red' } as const;

interface JobProgressProps {
  jobId: number;
  title: string;
  /** Called once when the job is done or failed (refresh what it changed). */
  onFinished?: (job: JobReply) => void;
  onClose?: () => void;
  /** The job type's own report lines (created, updated...), shown under the bar when finished. */
  report?: (job: JobReply) => ReactNode;
  /** A badge of the job type's own once the job is finished (mail jobs: delivery); null keeps the job's status. */
  finishedBadge?: (job: JobReply) => ReactNode;
  testId?: string;
}

/** A background job as a progress bar, then its report: done, failed and each failure's message. */
export function JobProgress({
  jobId,
  title,
  onFinished,
  onClose,
  report,
  finishedBadge,
  testId = 'job',
}: JobProgressProps) {
  const { t } = useTranslation();
  const { data: job } = useJobStatus(jobId);
  const finished = isFinished(job);
  const notified = useRef(false);
  const finishedRef = useRef(onFinished);
  finishedRef.current = onFinished;

  useEffect(() => {
    if (!job || !finished || notified.current) return;
    notified.current = true;
    finishedRef.current?.(job);
  }, [job, finished]);

  const status = job?.status ?? 'queued';
  const percent = job && job.total > 0 ? Math.round((job.done / job.total) * 100) : finished ? 100 : 0;
  const failures = job ? jobFailures(job) : [];

  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId} data-status={status}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Text fw={600} size="sm" truncate>
              {title}
            </Text>
            {(finished && job && finishedBadge?.(job)) || (
              <Badge size="sm" variant="light" color={STATUS_COLOR[status]} data-testid={`${testId}-status`}>
                {t(`jobs.status.${status}`)}
              </Badge>
            )}
          </Group>
          {finished && onClose && (
            <CloseButton size="sm" aria-label={t('jobs.close')} onClick={onClose} data-testid={`${testId}-close`} />
          )}
        </Group>
        <Progress
          value={status === 'queued' && percent === 0 ? 100 : percent}
          striped={!finished}
          animated={!finished}
          color={status === 'failed' ? 'red' : finished ? 'teal' : 'brand'}
          aria-label={title}
          data-testid={`${testId}-bar`}
          data-value={percent}
        />
        <Text size="xs" c="dimmed" data-testid={`${testId}-counts`}>
          {job && job.total > 0 ? t('jobs.progress', { done: job.done, total: job.total }) : t('jobs.starting')}
          {job && job.failed > 0 ? ` · ${t('jobs.failedCount', { count: job.failed })}` : ''}
        </Text>
        {finished && job && report && <div data-testid={`${testId}-report`}>{report(job)}</div>}
        {job?.status === 'failed' && job.error && (
          <Alert color="red" variant="light" p="xs" data-testid={`${testId}-error`}>
            {job.error}
          </Alert>
        )}
        {finished && failures.length > 0 && (
          <List size="sm" c="red.8" data-testid={`${testId}-failures`}>
            {failures.slice(0, SHOWN_FAILURES).map((f, i) => (
              <List.Item key={i}>{f}</List.Item>
            ))}
            {failures.length > SHOWN_FAILURES && (
              <List.Item>{t('jobs.more', { count: failures.length - SHOWN_FAILURES })}</List.Item>
            )}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
