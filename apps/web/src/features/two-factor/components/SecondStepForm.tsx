import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import type { TwoFactorLoginStep, TwoFactorSignedIn } from '@provisio/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormHeading } from '../../../components/FormHeading';
import { useContractForm } from '../../../lib/use-contract-form';
import { verifyTwoFactor } from '../api/sign-in';
import { codeRule } from '../code-rules';
import { storeRememberToken } from '../remember-browser';
import { CodeField } from './CodeField';

interface SecondStepFormProps {
  step: TwoFactorLoginStep;
  username: string;
  onSignedIn: (reply: TwoFactorSignedIn) => void;
  onBack: () => void;
}

/** /login after a right password: a code of the authenticator app, or a recovery code (issue #18). */
export function SecondStepForm({ step, username, onSignedIn, onBack }: SecondStepFormProps) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const { form, field, message, submit } = useContractForm(
    { code: '', remember: false },
    codeRule<{ code: string; remember: boolean }>('code', recovery),
    { refusals: 'inline' },
  );

  const onSubmit = submit(
    ({ code, remember }) =>
      verifyTwoFactor({
        challenge: step.challenge,
        ...(recovery ? { recovery_code: code } : { code }),
        remember,
      }),
    (reply) => {
      if (reply.remember_token && reply.remember_expires_at)
        storeRememberToken(username, reply.remember_token, reply.remember_expires_at);
      onSignedIn(reply);
    },
  );

  const switchMode = () => {
    setRecovery(!recovery);
    form.setValues({ code: '' });
    form.clearErrors();
  };

  const input = recovery ? (
    <TextInput
      label={t('twoFactor.recoveryCode')}
      placeholder="ABCD-EFGH-JK23"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      size="md"
      autoFocus
      data-testid="two-factor-recovery"
      {...field('code')}
    />
  ) : (
    <CodeField label={t('twoFactor.code')} autoFocus data-testid="two-factor-code-input" {...field('code')} />
  );

  return (
    <form onSubmit={onSubmit} noValidate data-testid="two-factor-step">
      <Stack gap="md">
        <FormHeading
          title={t('twoFactor.stepTitle')}
          subtitle={recovery ? t('twoFactor.recoverySubtitle') : t('twoFactor.stepSubtitle')}
          fz={26}
        />
        {input}
        <Checkbox
          label={t('twoFactor.remember', { count: step.remember_days })}
          data-testid="two-factor-remember"
          {...form.getInputProps('remember', { type: 'checkbox' })}
        />
        {message && (
          <Text c="red.7" size="sm" fw={500} role="alert" data-testid="two-factor-error">
            {message}
          </Text>
        )}
        <Button type="submit" size="md" fullWidth loading={form.submitting} data-testid="two-factor-submit">
          {t('twoFactor.verify')}
        </Button>
        <Group justify="space-between" gap={6}>
          <Anchor component="button" type="button" size="sm" onClick={switchMode} data-testid="two-factor-switch">
            {recovery ? t('twoFactor.useCode') : t('twoFactor.useRecovery')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onBack}>
            {t('auth.backToSignIn')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
