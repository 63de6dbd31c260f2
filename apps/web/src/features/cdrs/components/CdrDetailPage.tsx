import { Anchor, Avatar, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { CallRecordRow } from '@provisio/contract';
import { IconArrowLeft, IconPhoneCall } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { EndUserLayout } from '../../../components/EndUserLayout';
import { contractSchema, useLazy } from '../../../lib/contract';
import { currentLanguage } from '../../../lib/i18n';
import { initials, parseCdrTime } from '../cdr-logic';
import { CallFlowTable } from './CallFlowTable';
import { DirectionIcon, directionKey } from './DirectionIcon';

const rowSchema = contractSchema('CallRecordRow');

function recordFromState(state: unknown, schema: typeof CallRecordRow): CallRecordRow | null {
  if (typeof state !== 'object' || state === null || !('record' in state)) return null;
  const parsed = schema.safeParse((state as { record: unknown }).record);
  return parsed.success ? parsed.data : null;
}

/** /cdrs-table: one call, passed in navigation state; without it 'No data to display.' (spec §2, §8). */
export function CdrDetailPage() {
  const { t } = useTranslation();
  const state: unknown = useLocation().state;
  // The contract's schema checks the record before it is shown (fetched with zod on first use).
  const schema = useLazy(rowSchema);
  const record = schema ? recordFromState(state, schema) : null;
  const back = (
    <Anchor
      component={Link}
      to="/cdrs"
      size="sm"
      fw={600}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
      data-testid="cdr-back"
    >
      <IconArrowLeft size={14} /> {t('endUser.cdrs.backToHistory')}
    </Anchor>
  );

  if (!schema) return null;
  if (!record) {
    return (
      <EndUserLayout testId="cdr-detail-page">
        <Stack align="center" gap="md" py="lg">
          <Text c="dimmed" data-testid="cdr-no-data">
            {t('endUser.cdrs.noData')}
          </Text>
          {back}
        </Stack>
      </EndUserLayout>
    );
  }

  const at = parseCdrTime(record.time_stamp);
  const when = at
    ? new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'full', timeStyle: 'short' }).format(at)
    : record.time_stamp;
  const talk = record.ans_call_flow.find((leg) => leg.talktime_duration)?.talktime_duration;
  return (
    <EndUserLayout testId="cdr-detail-page" width={640}>
      <Stack gap="md">
        {back}
        <Group gap="sm" wrap="nowrap">
          <DirectionIcon direction={record.direction} size={40} />
          <Title order={2} fz={22} data-testid="cdr-direction">
            {t(`endUser.cdrs.heading.${directionKey(record.direction)}`)}
          </Title>
        </Group>
        <Group gap="sm" wrap="nowrap" data-testid="cdr-summary">
          <Avatar radius="xl" size={48} color="initials" name={record.name || undefined}>
            {initials(record.name)}
          </Avatar>
          <Box style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {record.name || '#'}
            </Text>
            <Text size="sm" c="dimmed">
              {record.destination}
            </Text>
            <Text size="sm" c="dimmed">
              {when}
              {talk ? ` · ${t('endUser.cdrs.talkTime', { duration: talk })}` : ''}
            </Text>
          </Box>
        </Group>
        <Button
          component="a"
          href={`sip:${record.destination}`}
          size="md"
          leftSection={<IconPhoneCall size={18} />}
          variant="light"
          data-testid="cdr-call-back"
        >
          {t('endUser.cdrs.callBack', { number: record.destination })}
        </Button>
        {record.recording_url && (
          <Box>
            <Text size="sm" fw={600} mb={6}>
              {t('endUser.cdrs.recording')}
            </Text>
            <audio
              controls
              preload="metadata"
              src={record.recording_url}
              style={{ width: '100%' }}
              data-testid="cdr-recording"
            >
              <track kind="captions" />
            </audio>
          </Box>
        )}
        <CallFlowTable flow={record.ans_call_flow} />
      </Stack>
    </EndUserLayout>
  );
}
