import { PasswordInput, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { LANGUAGES } from '@provisio/contract';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../../lib/i18n';
import { type FieldBinding, asString, getAt } from '../../settings-values';
import { SwitchField, TextField } from './fields';

export function AppTab({ form }: { form: FieldBinding }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Select
        size="md"
        label={t('endUser.settings.field.language')}
        data={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
        value={asString(getAt(form.values, 'language'))}
        onChange={(value) => value && form.set('language', value)}
        allowDeselect={false}
        data-testid="setting-language"
      />
      <Stack gap={4}>
        <Text size="md" fw={600}>
          {t('endUser.settings.field.theme')}
        </Text>
        <SegmentedControl
          fullWidth
          value={asString(getAt(form.values, 'theme'))}
          onChange={(value) => form.set('theme', value)}
          data={(['system', 'light', 'dark'] as const).map((value) => ({
            value,
            label: t(`endUser.settings.theme.${value}`),
          }))}
          data-testid="setting-theme"
        />
      </Stack>
      <TextField form={form} path="ringtone" label={t('endUser.settings.field.ringtone')} />
      <SwitchField form={form} path="vibrate" label={t('endUser.settings.field.vibrate')} />
      <SwitchField form={form} path="start_on_boot" label={t('endUser.settings.field.startOnBoot')} />
    </Stack>
  );
}

export function AccountTab({ form }: { form: FieldBinding }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <TextField form={form} path="display_name" label={t('endUser.settings.field.displayName')} />
      <TextField form={form} path="caller_id" label={t('endUser.settings.field.callerId')} phone />
      <TextField form={form} path="status_message" label={t('endUser.settings.field.statusMessage')} />
    </Stack>
  );
}

export function VoicemailTab({ form }: { form: FieldBinding }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <SwitchField form={form} path="enabled" label={t('endUser.settings.field.voicemailEnabled')} />
      <PasswordInput
        size="md"
        label={t('endUser.settings.field.voicemailPin')}
        inputMode="numeric"
        value={asString(getAt(form.values, 'pin'))}
        onChange={(event) => form.set('pin', event.currentTarget.value)}
        data-testid="setting-pin"
      />
      <SwitchField form={form} path="email_notification" label={t('endUser.settings.field.emailNotification')} />
      <TextField form={form} path="email" label={t('endUser.settings.field.email')} type="email" />
      <SwitchField form={form} path="attach_audio" label={t('endUser.settings.field.attachAudio')} />
    </Stack>
  );
}
