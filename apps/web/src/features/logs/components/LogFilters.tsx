import { Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { LOG_LIMITS, LOG_WINDOWS, STATUS_CLASSES, type LogWindowKey, type StatusClass } from '@provisio/contract';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TenantTypeahead } from '../../../components/TenantTypeahead';
import { LEVEL_CHOICES, type LevelChoice } from '../api/get-logs';

export interface SearchValues {
  text: string;
  level: LevelChoice;
  window: LogWindowKey;
  /** Only answered requests of this status class ('' for every line). */
  status: StatusClass | '';
  /** Only lines about this tenant (null for every line). */
  tenant: string | null;
}

/** "Last 5 minutes", "Last hour", "Last 2 days"... from a window of spec §9. */
export function windowLabel(t: TFunction, minutes: number): string {
  if (minutes === 60) return t('logs.lastHour');
  if (minutes % 1440 === 0 && minutes > 1440) return t('logs.lastDays', { count: minutes / 1440 });
  if (minutes % 60 === 0) return t('logs.lastHours', { count: minutes / 60 });
  return t('logs.lastMinutes', { count: minutes });
}

const ANY_LEVEL = 'any';
/** getlogs caps the URI-encoded text; one UTF-16 unit encodes to at most 9 characters (%XX%XX%XX). */
const MESSAGE_MAX = Math.floor(LOG_LIMITS.messageMax / 9);

/** Message text, level and time window; nothing is asked of the server until FILTER. */
export function LogFilters({
  initial,
  onApply,
  busy,
}: {
  initial: SearchValues;
  onApply: (values: SearchValues) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial.text);
  const [level, setLevel] = useState<LevelChoice>(initial.level);
  const [timeWindow, setTimeWindow] = useState<LogWindowKey>(initial.window);
  const [status, setStatus] = useState<StatusClass | ''>(initial.status);
  const [tenant, setTenant] = useState<string | null>(initial.tenant);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ text, level, window: timeWindow, status, tenant });
  };

  const levels = LEVEL_CHOICES.map((l) => ({ value: l || ANY_LEVEL, label: t(`logs.levels.${l || ANY_LEVEL}`) }));
  const statuses = [
    { value: ANY_LEVEL, label: t('logs.anyStatus') },
    ...STATUS_CLASSES.map((c) => ({ value: c, label: c })),
  ];
  const windows = LOG_WINDOWS.map((w) => ({ value: w.key, label: windowLabel(t, w.minutes) }));
  const grow = { flex: '1 1 180px' };

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} data-testid="logs-filters">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('logs.message')}
          placeholder={t('logs.messagePlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={MESSAGE_MAX}
          style={{ flex: '3 1 240px' }}
          data-testid="logs-message"
        />
        <Select
          label={t('logs.level')}
          data={levels}
          value={level || ANY_LEVEL}
          onChange={(v) => setLevel(LEVEL_CHOICES.find((l) => l === v) ?? '')}
          allowDeselect={false}
          style={grow}
          data-testid="logs-level"
        />
        <Select
          label={t('logs.status')}
          data={statuses}
          value={status || ANY_LEVEL}
          onChange={(v) => setStatus(STATUS_CLASSES.find((c) => c === v) ?? '')}
          allowDeselect={false}
          style={grow}
          data-testid="logs-status"
        />
        <TenantTypeahead
          label={t('logs.tenant')}
          placeholder={t('logs.anyTenant')}
          value={tenant}
          onChange={(v) => setTenant(v)}
          testId="logs-tenant"
          w={240}
        />
        <Select
          label={t('logs.time')}
          data={windows}
          value={timeWindow}
          onChange={(v) => setTimeWindow(LOG_WINDOWS.find((w) => w.key === v)?.key ?? timeWindow)}
          allowDeselect={false}
          style={grow}
          data-testid="logs-window"
        />
        <Button
          type="submit"
          leftSection={<IconFilter size={16} />}
          loading={busy}
          tt="uppercase"
          style={{ flex: '0 0 auto' }}
          data-testid="logs-filter"
        >
          {t('logs.filter')}
        </Button>
      </Group>
    </Paper>
  );
}
