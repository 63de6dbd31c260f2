import { Anchor, Badge, Code, Group, Paper, SimpleGrid, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogEntry } from '../api/get-logs';
import { logBorderColor, logLevelColor } from './log-level';
import { type LogSummary, logSummary, statusClass } from './log-summary';

/** Height of a collapsed row, its gap included: the windowed list's estimate for rows not yet measured. */
export const COLLAPSED_ROW_HEIGHT = 72;

const LABELS = ['filename', 'host', 'job'] as const;
const FIELDS = ['timestamp', 'caller', 'functionName', 'level', 'error', 'msg'] as const;
/** Shown elsewhere in the details, or not labels at all. */
const NOT_EXTRA = new Set<string>([
  ...LABELS,
  ...FIELDS,
  '_timestamp',
  'stacktrace',
  'custom_panic_error_trace',
  'reqId',
  'jobId',
]);

interface LogEntryRowProps {
  entry: LogEntry;
  expanded: boolean;
  onToggle: (id: string) => void;
  onShowRequest: (id: string) => void;
  onShowJob: (id: string) => void;
}

export function formatLogTime(at: number, lang: string): string {
  return new Date(at).toLocaleString(lang, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    fractionalSecondDigits: 3,
  });
}

/** One line: level, time and message; it expands to its labels and fields (spec §2), stack trace last. */
export function LogEntryRow({ entry, expanded, onToggle, onShowRequest, onShowJob }: LogEntryRowProps) {
  const { i18n } = useTranslation();
  const { stream } = entry;
  const level = stream.level ?? '';
  const Chevron = expanded ? IconChevronDown : IconChevronRight;
  return (
    <div style={{ paddingBottom: 8 }}>
      <Paper
        withBorder
        radius="md"
        style={{ borderLeft: `4px solid ${logBorderColor(level)}`, overflow: 'hidden' }}
        data-testid="log-entry"
        data-level={level}
      >
        <UnstyledButton
          onClick={() => onToggle(entry.id)}
          aria-expanded={expanded}
          w="100%"
          px="sm"
          h={COLLAPSED_ROW_HEIGHT - 8 - 2}
          data-testid="log-entry-toggle"
        >
          <Group gap={8} wrap="nowrap">
            <Chevron size={16} style={{ flex: 'none' }} />
            <Badge size="sm" variant="light" color={logLevelColor(level)} style={{ flex: 'none' }}>
              {level || '—'}
            </Badge>
            <Text size="xs" c="dimmed" ff="monospace" truncate>
              {formatLogTime(entry.at, i18n.language)}
            </Text>
          </Group>
          <SummaryLine summary={logSummary(entry)} />
        </UnstyledButton>
        {expanded && <LogEntryDetails entry={entry} onShowRequest={onShowRequest} onShowJob={onShowJob} />}
      </Paper>
    </div>
  );
}

const STATUS_COLOR: Record<string, string> = { '2xx': 'teal', '3xx': 'blue', '4xx': 'orange', '5xx': 'red' };

/** The collapsed line's text: what happened (issue #19), from the line itself (log-summary.ts). */
function SummaryLine({ summary }: { summary: LogSummary }) {
  const { t } = useTranslation();
  const text =
    summary.kind === 'request'
      ? t('logs.summary.request', { method: summary.method, path: summary.path, ms: summary.ms })
      : summary.kind === 'received'
        ? t('logs.summary.received', { method: summary.method, path: summary.path })
        : summary.kind === 'job'
          ? t('logs.summary.job', { type: summary.type, id: summary.id, msg: summary.msg })
          : summary.kind === 'mail'
            ? t('logs.summary.mail', { to: summary.to, kind: summary.mailKind, msg: summary.msg })
            : summary.msg;
  return (
    <Group gap={6} wrap="nowrap" mt={4} pl={24} miw={0}>
      {summary.kind === 'request' && (
        <Badge
          size="sm"
          variant="filled"
          color={STATUS_COLOR[statusClass(summary.status)] ?? 'gray'}
          style={{ flex: 'none' }}
          data-testid="log-entry-status"
          data-class={statusClass(summary.status)}
        >
          {summary.status}
        </Badge>
      )}
      <Text size="sm" truncate data-testid="log-entry-msg" data-kind={summary.kind}>
        {text}
      </Text>
      {'tenant' in summary && summary.tenant && (
        <Badge
          size="sm"
          variant="outline"
          color="gray"
          tt="none"
          style={{ flex: 'none' }}
          data-testid="log-entry-tenant"
        >
          {summary.tenant}
        </Badge>
      )}
    </Group>
  );
}

function LogEntryDetails({ entry, onShowRequest, onShowJob }: Omit<LogEntryRowProps, 'expanded' | 'onToggle'>) {
  const { t } = useTranslation();
  const { stream } = entry;
  const value = (key: string): string | undefined => (key === 'timestamp' ? stream._timestamp : stream[key]);
  const extra = Object.keys(stream).filter((key) => !NOT_EXTRA.has(key));
  const labelRows: [string, ReactNode][] = [...LABELS, ...extra].map((key) => [key, value(key)]);
  if (stream.reqId) {
    labelRows.push([
      'reqId',
      <IdLink
        key="req"
        id={stream.reqId}
        title={t('logs.showRequest')}
        onClick={onShowRequest}
        testId="log-entry-request"
      />,
    ]);
  }
  if (stream.jobId) {
    labelRows.push([
      'jobId',
      <IdLink key="job" id={stream.jobId} title={t('logs.showJob')} onClick={onShowJob} testId="log-entry-job" />,
    ]);
  }
  const panic =
    stream.custom_panic_error_trace && stream.custom_panic_error_trace !== stream.stacktrace
      ? stream.custom_panic_error_trace
      : '';
  return (
    <Stack gap="sm" px="sm" pb="sm" pt={4} data-testid="log-entry-details">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <Pairs title={t('logs.labels')} rows={labelRows} testId="log-entry-labels" />
        <Pairs title={t('logs.fields')} rows={FIELDS.map((key) => [key, value(key)])} testId="log-entry-fields" />
      </SimpleGrid>
      <Trace title="stacktrace" text={stream.stacktrace} empty={t('logs.noStacktrace')} testId="log-entry-stacktrace" />
      {panic && <Trace title="custom_panic_error_trace" text={panic} empty="" testId="log-entry-panic-trace" />}
    </Stack>
  );
}

function IdLink({
  id,
  title,
  onClick,
  testId,
}: {
  id: string;
  title: string;
  onClick: (id: string) => void;
  testId: string;
}) {
  return (
    <Anchor
      component="button"
      type="button"
      size="xs"
      ff="monospace"
      title={title}
      onClick={() => onClick(id)}
      data-testid={testId}
      style={{ wordBreak: 'break-all', textAlign: 'left' }}
    >
      {id}
    </Anchor>
  );
}

function Pairs({ title, rows, testId }: { title: string; rows: [string, ReactNode][]; testId: string }) {
  return (
    <div data-testid={testId}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4}>
        {title}
      </Text>
      <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={6} layout="fixed" fz="xs">
        <Table.Tbody>
          {rows.map(([key, content]) => (
            <Table.Tr key={key}>
              <Table.Th w={110} fw={600} style={{ verticalAlign: 'top' }}>
                {key}
              </Table.Th>
              <Table.Td ff="monospace" style={{ wordBreak: 'break-word' }} data-field={key}>
                {content || (
                  <Text span c="dimmed" fz="xs">
                    —
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function Trace({
  title,
  text,
  empty,
  testId,
}: {
  title: string;
  text: string | undefined;
  empty: string;
  testId: string;
}) {
  return (
    <div>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4}>
        {title}
      </Text>
      {text ? (
        <Code block fz="xs" style={{ maxHeight: 320, overflow: 'auto', whiteSpace: 'pre' }} data-testid={testId}>
          {text}
        </Code>
      ) : (
        <Text size="xs" c="dimmed">
          {empty}
        </Text>
      )}
    </div>
  );
}
