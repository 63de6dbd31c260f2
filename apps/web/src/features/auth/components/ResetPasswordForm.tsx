import { Alert, Anchor, Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { Lazy } from '../../../lib/contract';
import { FormHeading } from '../../../components/FormHeading';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { FORM_MESSAGE, newPasswordRules, rules } from '../../../lib/form';
import { useContractForm } from '../../../lib/use-contract-form';
import { EndUserLayout } from '../../../components/EndUserLayout';
import { AuthLayout } from './AuthLayout';

interface ResetPasswordFormProps {
  subtitle: string;
  /** The contract's schema of the new password (AdminNewPassword, or AppNewPassword with its strength rule). */
  password: Lazy<z.ZodType<string>>;
  submit: (body: { ref: string; password: string }) => Promise<unknown>;
  pending: boolean;
  /** Spec §2: the app and reseller reset pages also show the strength meter. */
  withMeter?: boolean;
  /** Where 'Back to Sign In' and the done screen lead (the app reset page goes to /appSignin). */
  signInPath?: string;
  /** A subscriber's page (the app reset): the end-user frame, in the reseller's brand (issue #19). */
  endUser?: boolean;
}

/** The page an emailed reset link opens (?ref=...): new password and confirmation, then a done screen. */
export function ResetPasswordForm({
  subtitle,
  password,
  submit,
  pending,
  withMeter = false,
  signInPath = '/login',
  endUser = false,
}: ResetPasswordFormProps) {
  const Layout = endUser ? EndUserLayout : AuthLayout;
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ref = params.get('ref')?.trim() ?? '';
  const [done, setDone] = useState(false);
  const linkRule = () => (ref ? {} : { [FORM_MESSAGE]: 'resetLinkInvalid' as const });
  const {
    form,
    message,
    submit: onSubmit,
  } = useContractForm({ password: '', confirm: '' }, rules(newPasswordRules(password), linkRule), {
    oneMessage: true,
    refusals: 'inline',
  });

  if (done) return <ResetDone signInPath={signInPath} Layout={Layout} />;

  return (
    <Layout>
      <form
        onSubmit={onSubmit(
          (values) => submit({ ref, password: values.password }),
          () => setDone(true),
        )}
        noValidate
        data-testid="reset-password-form"
      >
        <Stack gap="md">
          <FormHeading title={t('auth.choosePasswordTitle')} subtitle={subtitle} fz={26} />
          <NewPasswordFields
            password={form.values.password}
            confirm={form.values.confirm}
            onPasswordChange={(v) => form.setFieldValue('password', v)}
            onConfirmChange={(v) => form.setFieldValue('confirm', v)}
            withMeter={withMeter}
            testIds={{ password: 'reset-new-password', confirm: 'reset-confirm-password', meter: 'reset-strength' }}
          />
          {message && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              role="alert"
              data-testid="reset-password-error"
            >
              {message}
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
    </Layout>
  );
}

function ResetDone({ signInPath, Layout }: { signInPath: string; Layout: typeof AuthLayout }) {
  const { t } = useTranslation();
  return (
    <Layout>
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
    </Layout>
  );
}
