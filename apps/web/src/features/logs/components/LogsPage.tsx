import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { WindowedList } from '../../../components/WindowedList';
import { isApiError } from '../../../lib/api';
import { LOGS_LIMIT, useLogs, type LogEntry, type LogsFilter } from '../api/get-logs';
import { COLLAPSED_ROW_HEIGHT, LogEntryRow } from './LogEntryRow';
import { LogFilters, type SearchValues } from './LogFilters';

const DEFAULT_SEARCH: SearchValues = { text: '', level: '', window: '1h', status: '', tenant: null };
/** The list fills the screen below the filters, with its own scroll, and never gets too short to use. */
const LIST_HEIGHT = 'max(360px, calc(100dvh - 360px))';

const entryKey = (entry: LogEntry) => entry.id;

/** Spec §2 /logs: the server's own log lines, filtered by text, level and time window (admin only). */
export function LogsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState<SearchValues>(DEFAULT_SEARCH);
  const [applied, setApplied] = useState<{ filter: LogsFilter; at: number }>(() => ({
    filter: { kind: 'search', ...DEFAULT_SEARCH },
    at: Date.now(),
  }));
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const logs = useLogs(applied.filter, applied.at);
  const entries = logs.data ?? [];

  const apply = (filter: LogsFilter) => setApplied({ filter, at: Date.now() });
  const toggle = useCallback((id: string) => {
    setExpanded((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);
  const showRequest = useCallback((id: string) => apply({ kind: 'request', id }), []);
  const showJob = useCallback((id: string) => apply({ kind: 'job', id }), []);

  const failure = logs.isError
    ? isApiError(logs.error) && logs.error.status === 400
      ? logs.error.message
      : t('msg:logsUnavailable')
    : null;
  const tracing = applied.filter.kind !== 'search' ? applied.filter : null;

  return (
    <Stack gap="md">
      <PageTitle title={t('nav.logs')} subtitle={t('logs.subtitle')} />
      <LogFilters
        initial={search}
        busy={logs.isFetching}
        onApply={(values) => {
          setSearch(values);
          apply({ kind: 'search', ...values });
        }}
      />
      {tracing && (
        <Alert variant="light" color="blue" data-testid="logs-tracing">
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              {t(tracing.kind === 'request' ? 'logs.tracingRequest' : 'logs.tracingJob', { id: tracing.id })}
            </Text>
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconArrowBackUp size={14} />}
              onClick={() => apply({ kind: 'search', ...search })}
              data-testid="logs-tracing-back"
            >
              {t('logs.backToList')}
            </Button>
          </Group>
        </Alert>
      )}
      {failure ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="logs-error">
          {failure}
        </Alert>
      ) : (
        <Group justify="space-between" gap="xs" mih={24}>
          {logs.data && (
            <Text fw={600} data-testid="logs-total">
              {t('logs.total', { total: entries.length })}
            </Text>
          )}
          {logs.isFetching && <Loader size="xs" data-testid="logs-loading" />}
          {entries.length >= LOGS_LIMIT && (
            <Text size="xs" c="dimmed" data-testid="logs-capped">
              {t('logs.capped', { limit: LOGS_LIMIT })}
            </Text>
          )}
        </Group>
      )}
      {!failure && logs.isSuccess && entries.length === 0 && (
        <Text c="dimmed" ta="center" py="xl" data-testid="logs-empty">
          {t('logs.empty')}
        </Text>
      )}
      {!failure && entries.length > 0 && (
        <WindowedList
          key={applied.at}
          items={entries}
          itemKey={entryKey}
          estimate={COLLAPSED_ROW_HEIGHT}
          height={LIST_HEIGHT}
          label={t('nav.logs')}
          testId="logs-list"
          renderItem={(entry) => (
            <LogEntryRow
              entry={entry}
              expanded={expanded.has(entry.id)}
              onToggle={toggle}
              onShowRequest={showRequest}
              onShowJob={showJob}
            />
          )}
        />
      )}
    </Stack>
  );
}
