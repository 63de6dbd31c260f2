import { ActionIcon, Button, Chip, Fieldset, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { SETTINGS_LIMITS, WEEKDAYS } from '@provisio/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FieldBinding } from '../../settings-values';

interface Schedule {
  name: string;
  days: string[];
  start: string;
  end: string;
  action: 'dnd' | 'forward' | 'voicemail';
  forward_number: string;
}

const blank: Schedule = {
  name: '',
  days: ['mon', 'tue', 'wed', 'thu', 'fri'],
  start: '09:00',
  end: '17:00',
  action: 'dnd',
  forward_number: '',
};

export function SchedulesTab({ form }: { form: FieldBinding }) {
  const { t } = useTranslation();
  const schedules = (form.values.schedules as Schedule[] | undefined) ?? [];
  const update = (index: number, patch: Partial<Schedule>) =>
    form.set(
      'schedules',
      schedules.map((s, i) => (i === index ? { ...s, ...patch } : s)),
    );
  return (
    <Stack gap="md">
      {schedules.length === 0 && <Text c="dimmed">{t('endUser.settings.noSchedules')}</Text>}
      {schedules.map((s, index) => (
        <Fieldset key={index} radius="md" p="sm" data-testid="setting-schedule">
          <Stack gap="sm">
            <Group wrap="nowrap" align="flex-end">
              <TextInput
                size="md"
                style={{ flex: 1 }}
                label={t('endUser.settings.field.scheduleName')}
                value={s.name}
                onChange={(e) => update(index, { name: e.currentTarget.value })}
                data-testid="setting-schedule-name"
              />
              <ActionIcon
                variant="light"
                color="red"
                size="lg"
                mb={4}
                onClick={() =>
                  form.set(
                    'schedules',
                    schedules.filter((_, i) => i !== index),
                  )
                }
                aria-label={t('common.delete')}
                data-testid="setting-schedule-remove"
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
            <Chip.Group multiple value={s.days} onChange={(days) => update(index, { days })}>
              <Group gap={6}>
                {WEEKDAYS.map((day) => (
                  <Chip key={day} value={day} size="xs" data-testid={`setting-schedule-day-${day}`}>
                    {t(`endUser.settings.day.${day}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            <Group grow>
              <TextInput
                size="md"
                type="time"
                label={t('endUser.settings.field.start')}
                value={s.start}
                onChange={(e) => update(index, { start: e.currentTarget.value })}
                data-testid="setting-schedule-start"
              />
              <TextInput
                size="md"
                type="time"
                label={t('endUser.settings.field.end')}
                value={s.end}
                onChange={(e) => update(index, { end: e.currentTarget.value })}
                data-testid="setting-schedule-end"
              />
            </Group>
            <Select
              size="md"
              label={t('endUser.settings.field.action')}
              value={s.action}
              allowDeselect={false}
              onChange={(value) => value && update(index, { action: value as Schedule['action'] })}
              data={(['dnd', 'forward', 'voicemail'] as const).map((value) => ({
                value,
                label: t(`endUser.settings.action.${value}`),
              }))}
              data-testid="setting-schedule-action"
            />
            {s.action === 'forward' && (
              <TextInput
                size="md"
                type="tel"
                label={t('endUser.settings.field.forwardNumber')}
                value={s.forward_number}
                onChange={(e) => update(index, { forward_number: e.currentTarget.value })}
                data-testid="setting-schedule-forward"
              />
            )}
          </Stack>
        </Fieldset>
      ))}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        disabled={schedules.length >= SETTINGS_LIMITS.schedules}
        onClick={() => form.set('schedules', [...schedules, blank])}
        data-testid="setting-schedule-add"
      >
        {t('endUser.settings.addSchedule')}
      </Button>
    </Stack>
  );
}
