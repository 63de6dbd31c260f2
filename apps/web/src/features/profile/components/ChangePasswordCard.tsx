import { Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { attempt } from '../../../lib/attempt';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useChangePassword } from '../api/change-password';

/** Spec §5: no length check here (the server applies it); only presence and that the two new ones match. */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const { creds } = useSession();
  const change = useChangePassword();
  const form = useForm({
    initialValues: { old_password: '', new_password: '', confirm: '' },
    validate: {
      old_password: (value) => (value ? null : t('validation.required')),
      new_password: (value) => (value ? null : t('validation.required')),
      confirm: (value, values) => {
        if (!value) return t('validation.required');
        return value === values.new_password ? null : t('msg:passwordsDoNotMatch');
      },
    },
  });

  const submit = form.onSubmit(async ({ old_password, new_password }) => {
    await attempt(async () => {
      await change.mutateAsync({
        username: creds?.username.toLowerCase(),
        cloud_id: creds?.cloud_id,
        old_password,
        new_password,
      });
      notifySuccess(t('msg:passwordUpdated'));
      form.reset();
    });
  });

  return (
    <Card padding="xl" data-testid="change-password-card">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={3} fz="lg">
              {t('profile.changePassword')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('profile.changePasswordHint')}
            </Text>
          </div>
          <PasswordInput
            label={t('profile.oldPassword')}
            autoComplete="current-password"
            data-testid="password-old"
            {...form.getInputProps('old_password')}
          />
          <PasswordInput
            label={t('profile.newPassword')}
            autoComplete="new-password"
            data-testid="password-new"
            {...form.getInputProps('new_password')}
          />
          <PasswordInput
            label={t('profile.confirmPassword')}
            autoComplete="new-password"
            data-testid="password-confirm"
            {...form.getInputProps('confirm')}
          />
          <Button type="submit" loading={change.isPending} data-testid="password-submit" style={{ alignSelf: 'flex-start' }}>
            {t('profile.updatePassword')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
