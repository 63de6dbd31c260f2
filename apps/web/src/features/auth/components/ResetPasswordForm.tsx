import { Alert, Anchor, Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { MessageKey } from '@provisio/contract';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FormHeading } from '../../../components/FormHeading';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { isApiError } from '../../../lib/api';
import { AuthLayout } from './AuthLayout';

interface ResetPasswordFormProps {
  subtitle: string;
  /** Client-side rules of the page; returns a catalogue key or null. */
  validate: (password: string, confirm: string) => MessageKey | null;
  submit: (body: { ref: string; password: string }) => Promise<unknown>;
  pending: boolean;
  /** Spec §2: the app and reseller reset pages also show the strength meter. */
  withMeter?: boolean;
  /** Where 'Back to Sign In' and the done screen lead (the app reset page goes to /appSignin). */
  signInPath?: string;
}

/** The page an emailed reset link opens (?ref=...): new password and confirmation, then a done screen. */
export function ResetPasswordForm({ subtitle, validate, submit, pending, withMeter = false, signInPath = '/login' }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ref = params.get('ref')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validate(password, confirm);
    if (problem) return setFailure(t(`msg:${problem}`));
    if (!ref) return setFailure(t('msg:resetLinkInvalid'));
    setFailure(null);
    try {
      await submit({ ref, password });
      setDone(true);
    } catch (error) {
      setFailure(isApiError(error) ? error.message : t('errors.network'));
    }
  };

  if (done) return <ResetDone signInPath={signInPath} />;

  return (
    <AuthLayout>
      <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="reset-password-form">
        <Stack gap="md">
          <FormHeading title={t('auth.choosePasswordTitle')} subtitle={subtitle} fz={26} />
          <NewPasswordFields
            password={password}
            confirm={confirm}
            onPasswordChange={setPassword}
            onConfirmChange={setConfirm}
            withMeter={withMeter}
            testIds={{ password: 'reset-new-password', confirm: 'reset-confirm-password', meter: 'reset-strength' }}
          />
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="reset-password-error">
              {failure}
            </Alert>
          )}
          <Button type="submit" size="md" fullWidth loading={pending} data-testid="reset-password-submit">
            {t('auth.setPassword')}
          </Button>
          <Anchor component={Link} to={signInPath} size="sm" fw={600} ta="center" data-testid="reset-password-back">
            {t('auth.backToSignIn')}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}

function ResetDone({ signInPath }: { signInPath: string }) {
  const { t } = useTranslation();
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
        <Button component={Link} to={signInPath} replace fullWidth size="md" data-testid="reset-done-login">
          {t('auth.goToSignIn')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
