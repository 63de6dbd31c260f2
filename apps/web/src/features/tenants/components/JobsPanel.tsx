import { Stack, Text } from '@mantine/core';
import type { JobReply } from '@provisio/contract';
import { useTranslation } from 'react-i18next';
import { JobProgress } from '../../../components/JobProgress';
import { EmailJobReport, emailQueuedOf } from './EmailJobReport';
import { MailDelivery, MailJobBadge } from './MailDelivery';

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

/** How many mails a finished job queued: QR links, relinks and invitations each mail the user. */
function mailsQueued(kind: JobKind, job: JobReply): number {
  if (job.status !== 'done' || job.result === null) return 0;
  if (kind === 'email') return emailQueuedOf(job);
  if (kind === 'relink') return num(job.result, 'relinked');
  if (kind === 'invite') return num(job.result, 'invited');
  return 0;
}

/**
 * Sync, import, relink, invitations and bulk email as progress bars with their reports, newest first; a job that
 * mailed its users says "Delivering" until the outbox has sent every message, not "Done" when queuing ends.
 */
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
    const line = (
      <Text size="sm" data-testid={`job-report-${kind}`}>
        {t(`jobs.report.${kind}`, counts[kind])}
      </Text>
    );
    const queued = mailsQueued(kind, job);
    if (queued === 0) return line;
    // Relinks and invitations mail each user: their delivery is followed like the QR links' (issue #20).
    return (
      <Stack gap={6}>
        {line}
        <MailDelivery job={job} queued={queued} testId={`job-${kind}`} />
      </Stack>
    );
  };

  return (
    // Jobs of this visit only: not kept in the boot view's copy (lib/boot-view.ts).
    <Stack gap="xs" data-testid="jobs-panel" data-boot-omit>
      {[...jobs].reverse().map((job) => (
        <JobProgress
          key={job.id}
          jobId={job.id}
          title={t(`jobs.kind.${job.kind}`)}
          testId={`job-${job.kind}`}
          report={report(job.kind)}
          finishedBadge={(reply) =>
            mailsQueued(job.kind, reply) > 0 ? (
              <MailJobBadge job={reply} queued={mailsQueued(job.kind, reply)} testId={`job-${job.kind}`} />
            ) : null
          }
          onFinished={(reply) => onFinished(job, reply)}
          onClose={() => onClose(job.id)}
        />
      ))}
    </Stack>
  );
}
