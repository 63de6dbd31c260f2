import { Avatar, Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { CallRecordRow } from '@provisio/contract';
import { IconMicrophone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { dayLabel, groupByDay, initials, parseCdrTime } from '../cdr-logic';
import { DirectionIcon } from './DirectionIcon';

interface CdrListProps {
  records: CallRecordRow[];
  onOpen: (record: CallRecordRow) => void;
}

/** Records under day headings (spec §2): avatar, name or '#', destination, date and time, direction icon. */
export function CdrList({ records, onOpen }: CdrListProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const words = { today: t('endUser.cdrs.today'), yesterday: t('endUser.cdrs.yesterday') };
  const time = new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });
  return (
    <Stack gap="md" data-testid="cdr-list">
      {groupByDay(records).map((day) => (
        <Box key={day.key} data-testid="cdr-day">
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" px={4} mb={6} data-testid="cdr-day-heading">
            {dayLabel(day.date, lang, new Date(), words)}
          </Text>
          <Box
            bg="white"
            style={{ borderRadius: 12, border: '1px solid var(--mantine-color-gray-2)', overflow: 'hidden' }}
          >
            {day.records.map((record, index) => {
              const at = parseCdrTime(record.time_stamp);
              return (
                <UnstyledButton
                  key={`${record.time_stamp}-${index}`}
                  onClick={() => onOpen(record)}
                  w="100%"
                  px="sm"
                  py={10}
                  style={{ borderTop: index ? '1px solid var(--mantine-color-gray-1)' : undefined, display: 'block' }}
                  data-testid="cdr-row"
                  data-direction={record.direction}
                  data-recording={record.recording_url ? 'true' : 'false'}
                >
                  <Group wrap="nowrap" gap="sm">
                    <Avatar radius="xl" color="initials" name={record.name || undefined} size={40}>
                      {initials(record.name)}
                    </Avatar>
                    <Box style={{ flex: 1, minWidth: 0 }}>
                      <Text
                        fw={600}
                        size="sm"
                        truncate
                        data-testid="cdr-name"
                        c={record.direction.startsWith('Missed') ? 'red.7' : undefined}
                      >
                        {record.name || '#'}
                      </Text>
                      <Group gap={4} wrap="nowrap">
                        {record.recording_url && (
                          <IconMicrophone
                            size={12}
                            aria-label={t('endUser.cdrs.recording')}
                            color="var(--mantine-color-dimmed)"
                          />
                        )}
                        <Text size="xs" c="dimmed" truncate data-testid="cdr-destination">
                          {record.destination}
                        </Text>
                      </Group>
                    </Box>
                    <Stack gap={4} align="flex-end">
                      <DirectionIcon direction={record.direction} size={26} />
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {at ? time.format(at) : record.time_stamp}
                      </Text>
                    </Stack>
                  </Group>
                </UnstyledButton>
              );
            })}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
