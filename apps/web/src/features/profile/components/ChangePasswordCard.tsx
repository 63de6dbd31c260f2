import { Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { required, rules, same } from '../../../lib/form';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useContractForm } from '../../../lib/use-contract-form';
import { useChangePassword } from '../api/change-password';

/** Spec §5: no length check here (the server applies it); only presence and that the two new ones match. */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const { creds } = useSession();
  const change = useChangePassword();
  const { form, field, submit } = useContractForm(
    { old_password: '', new_password: '', confirm: '' },
    rules(
      required({
        old_password: 'validation.required',
        new_password: 'validation.required',
        confirm: 'validation.required',
      }),
      same('confirm', 'new_password', 'passwordsDoNotMatch'),
    ),
  );

  const onSubmit = submit(
    ({ old_password, new_password }) =>
      change.mutateAsync({
        username: creds?.username.toLowerCase(),
        cloud_id: creds?.cloud_id,
        old_password,
        new_password,
      }),
    () => {
      notifySuccess(t('msg:passwordUpdated'));
      form.reset();
    },
  );

  return (
    <Card padding="xl" data-testid="change-password-card">
      <form onSubmit={onSubmit} noValidate>
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
            {...field('old_password')}
          />
          <PasswordInput
            label={t('profile.newPassword')}
            autoComplete="new-password"
            data-testid="password-new"
            {...field('new_password')}
          />
          <PasswordInput
            label={t('profile.confirmPassword')}
            autoComplete="new-password"
            data-testid="password-confirm"
            {...field('confirm')}
          />
          <Button
            type="submit"
            loading={change.isPending}
            data-testid="password-submit"
            style={{ alignSelf: 'flex-start' }}
          >
            {t('profile.updatePassword')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
