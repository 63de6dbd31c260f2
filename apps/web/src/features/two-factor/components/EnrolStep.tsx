import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import type { TwoFactorLoginStep, TwoFactorSignedIn } from '@provisio/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormHeading } from '../../../components/FormHeading';
import { useContractForm } from '../../../lib/use-contract-form';
import { enrolFinish, enrolStart } from '../api/sign-in';
import { codeRule } from '../code-rules';
import { CodeField } from './CodeField';
import { QrSecret } from './QrSecret';
import { RecoveryCodes } from './RecoveryCodes';

interface EnrolStepProps {
  step: TwoFactorLoginStep;
  onSignedIn: (reply: TwoFactorSignedIn) => void;
  onBack: () => void;
}

/**
 * Forced enrolment at /login: the administrators require a second factor this account lacks. The challenge of the
 * password step allows only these calls; the session comes with the confirmed code, after the recovery codes.
 */
export function EnrolStep({ step, onSignedIn, onBack }: EnrolStepProps) {
  const { t } = useTranslation();
  const [done, setDone] = useState<TwoFactorSignedIn | null>(null);
  const setup = useQuery({
    queryKey: ['twoFactor', 'enrol', step.challenge],
    queryFn: () => enrolStart(step.challenge),
    staleTime: Infinity,
  });
  const { field, message, submit, form } = useContractForm({ code: '' }, codeRule<{ code: string }>('code'), {
    refusals: 'inline',
  });
  const onSubmit = submit(({ code }) => enrolFinish({ challenge: step.challenge, code }), setDone);

  if (done)
    return (
      <Stack gap="md" data-testid="two-factor-enrol">
        <FormHeading title={t('twoFactor.enrolDoneTitle')} subtitle={t('twoFactor.enrolDoneSubtitle')} fz={24} />
        <RecoveryCodes
          codes={done.recovery_codes ?? []}
          doneLabel={t('twoFactor.continue')}
          onDone={() => onSignedIn(done)}
        />
      </Stack>
    );

  return (
    <form onSubmit={onSubmit} noValidate data-testid="two-factor-enrol">
      <Stack gap="md">
        <FormHeading title={t('twoFactor.enrolTitle')} subtitle={t('twoFactor.enrolSubtitle')} fz={24} />
        {setup.isPending && <Loader size="sm" />}
        {setup.isError && (
          <Alert color="red" variant="light" role="alert">
            {setup.error.message}
          </Alert>
        )}
        {setup.data && <QrSecret setup={setup.data} />}
        <CodeField label={t('twoFactor.code')} data-testid="two-factor-code-input" {...field('code')} />
        {message && (
          <Text c="red.7" size="sm" fw={500} role="alert" data-testid="two-factor-error">
            {message}
          </Text>
        )}
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={form.submitting}
          disabled={!setup.data}
          data-testid="two-factor-submit"
        >
          {t('twoFactor.confirm')}
        </Button>
        <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onBack} ta="center">
          {t('auth.backToSignIn')}
        </Anchor>
      </Stack>
    </form>
  );
}
