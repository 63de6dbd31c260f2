import { Fieldset, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type FieldBinding, asBool, getAt } from '../../settings-values';
import { NumberField, SwitchField, TextField } from './fields';

const FORWARDS = ['forward_always', 'forward_busy', 'forward_no_answer'] as const;

export function CallControlTab({ form }: { form: FieldBinding }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <SwitchField form={form} path="dnd" label={t('endUser.settings.field.dnd')} />
      <SwitchField form={form} path="call_waiting" label={t('endUser.settings.field.callWaiting')} />
      {FORWARDS.map((name) => (
        <Fieldset key={name} legend={t(`endUser.settings.field.${name}`)} radius="md" p="sm">
          <Stack gap="sm">
            <SwitchField form={form} path={`${name}.enabled`} label={t('endUser.settings.field.forwardEnabled')} />
            {asBool(getAt(form.values, `${name}.enabled`)) && (
              <TextField form={form} path={`${name}.number`} label={t('endUser.settings.field.forwardNumber')} phone />
            )}
            {name === 'forward_no_answer' && asBool(getAt(form.values, `${name}.enabled`)) && (
              <NumberField
                form={form}
                path={`${name}.ring_seconds`}
                label={t('endUser.settings.field.ringSeconds')}
                min={5}
                max={120}
              />
            )}
          </Stack>
        </Fieldset>
      ))}
    </Stack>
  );
}
