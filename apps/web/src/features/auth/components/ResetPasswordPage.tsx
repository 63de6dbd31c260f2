import { Alert, Anchor, Button, PasswordInput, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { LIMITS } from '@provisio/contract';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout } from './AuthLayout';
import { validateAdminReset } from './validate-reset';

/** /resetPassword?ref=...: the page the emailed admin reset link opens. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ref = params.get('ref')?.trim() ?? '';
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateAdminReset(password, confirm);
    if (problem) return setFailure(t(`msg:${problem}`));
    if (!ref) return setFailure(t('msg:resetLinkInvalid'));
    setFailure(null);
    try {
      await reset.mutateAsync({ ref, password });
      setDone(true);
    } catch (error) {
      setFailure(isApiError(error) ? error.message : t('errors.network'));
    }
  };

  if (done) {
    return (
      <AuthLayout>
        <Stack align="center" ta="center" gap="md" data-testid="reset-done">
          <ThemeIcon size={64} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={36} />
          </ThemeIcon>
          <Title order={2} fz={24}>
            {t('auth.resetDoneTitle')}
          </Title>
          <Text c="dimmed">{t('auth.resetDoneBody')}</Text>
          <Button component={Link} to="/login" replace fullWidth size="md" data-testid="reset-done-login">
            {t('auth.goToSignIn')}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="reset-password-form">
        <Stack gap="md">
          <div>
            <Title order={2} fz={26}>
              {t('auth.choosePasswordTitle')}
            </Title>
            <Text c="dimmed" size="sm" mt={6}>
              {t('auth.choosePasswordSubtitle', { min: LIMITS.adminPasswordMin })}
            </Text>
          </div>
          <PasswordInput
            label={t('auth.newPassword')}
            autoComplete="new-password"
            size="md"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            data-testid="reset-new-password"
          />
          <PasswordInput
            label={t('auth.confirmPassword')}
            autoComplete="new-password"
            size="md"
            value={confirm}
            onChange={(event) => setConfirm(event.currentTarget.value)}
            data-testid="reset-confirm-password"
          />
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="reset-password-error">
              {failure}
            </Alert>
          )}
          <Button type="submit" size="md" fullWidth loading={reset.isPending} data-testid="reset-password-submit">
            {t('auth.setPassword')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" fw={600} ta="center" data-testid="reset-password-back">
            {t('auth.backToSignIn')}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
