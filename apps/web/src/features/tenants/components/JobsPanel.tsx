import { Stack, Text } from '@mantine/core';
import type { JobReply } from '@provisio/contract';
import { useTranslation } from 'react-i18next';
import { JobProgress } from '../../../components/JobProgress';
import { EmailJobReport } from './EmailJobReport';

export type JobKind = 'tenantsSync' | 'sync' | 'import' | 'relink' | 'email' | 'invite';

export interface RunningJob {
  id: number;
  kind: JobKind;
}

interface JobsPanelProps {
  jobs: RunningJob[];
  onFinished: (job: RunningJob, reply: JobReply) => void;
  onClose: (id: number) => void;
}

const num = (value: unknown, key: string) =>
  typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)[key] === 'number'
    ? ((value as Record<string, number>)[key] ?? 0)
    : 0;

/** Sync, import, relink and bulk email as progress bars with their reports, newest first. */
export function JobsPanel({ jobs, onFinished, onClose }: JobsPanelProps) {
  const { t } = useTranslation();
  if (jobs.length === 0) return null;

  const report = (kind: JobKind) => (job: JobReply) => {
    const r = job.result;
    if (job.status !== 'done' || r === null) return null;
    // QR-link emails: queued and skipped, then each message's delivery as the outbox tells it (issue #20).
    if (kind === 'email') return <EmailJobReport job={job} />;
    const counts: Record<Exclude<JobKind, 'email'>, Record<string, number>> = {
      tenantsSync: { total: num(r, 'total'), created: num(r, 'created') },
      sync: {
        created: num(r, 'created'),
        updated: num(r, 'updated'),
        removed: num(r, 'removed'),
        unchanged: num(r, 'unchanged'),
      },
      import: { applied: num(r, 'applied'), skipped: num(r, 'skipped') },
      relink: { relinked: num(r, 'relinked'), failed: job.failed },
      invite: { invited: num(r, 'invited'), unlinked: num(r, 'unlinked'), overLicence: num(r, 'over_licence') },
    };
    return (
      <Text size="sm" data-testid={`job-report-${kind}`}>
        {t(`jobs.report.${kind}`, counts[kind])}
      </Text>
    );
  };

  return (
    <Stack gap="xs" data-testid="jobs-panel">
      {[...jobs].reverse().map((job) => (
        <JobProgress
          key={job.id}
          jobId={job.id}
          title={t(`jobs.kind.${job.kind}`)}
          testId={`job-${job.kind}`}
          report={report(job.kind)}
          onFinished={(reply) => onFinished(job, reply)}
          onClose={() => onClose(job.id)}
        />
      ))}
    </Stack>
  );
}
