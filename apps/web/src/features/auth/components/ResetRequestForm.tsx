import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormHeading } from '../../../components/FormHeading';
import { matches } from '../../../lib/form';
import { notifySuccess } from '../../../lib/notify';
import { useContractForm } from '../../../lib/use-contract-form';
import { useForgetPassword } from '../api/forget-password';
import { contractSchema } from '../../../lib/contract';

interface ResetRequestFormProps {
  username: string;
  onUsernameChange: (value: string) => void;
  onBack: () => void;
  onSent: () => void;
}

/** Reset mode of /login: only the username, a Reset button and the way back (spec §2). */
export function ResetRequestForm({ username, onUsernameChange, onBack, onSent }: ResetRequestFormProps) {
  const { t } = useTranslation();
  const request = useForgetPassword();
  const body = ({ username: name }: { username: string }) => ({ username: name.toLowerCase() });
  // The username's refusal shows under it; the server's refusal under the form.
  const { field, message, submit } = useContractForm(
    { username },
    matches(contractSchema('ForgetPasswordBody'), body),
    {
      refusals: 'inline',
      otherwise: 'resetEmailFailed',
      onValuesChange: (values) => onUsernameChange(values.username),
    },
  );
  const onSubmit = submit(
    async (values) => request.mutateAsync((await contractSchema('ForgetPasswordBody').load()).parse(body(values))),
    () => {
      notifySuccess(t('msg:resetRequestNeutral'));
      onSent();
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate data-testid="reset-request-form">
      <Stack gap="md">
        <FormHeading title={t('auth.resetTitle')} subtitle={t('auth.resetSubtitle')} fz={26} />
        <TextInput
          label={t('auth.username')}
          placeholder={t('auth.usernamePlaceholder')}
          autoComplete="username"
          autoFocus
          size="md"
          {...field('username')}
          data-testid="reset-username"
        />
        {message && (
          <Text c="red.7" size="sm" fw={500} role="alert" data-testid="reset-error">
            {message}
          </Text>
        )}
        <Button type="submit" size="md" fullWidth loading={request.isPending} data-testid="reset-submit">
          {t('auth.reset')}
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={600}
          onClick={onBack}
          data-testid="reset-back"
          style={{ alignSelf: 'center', display: 'inline-flex', alignItems: 'center', gap: 6 }}
        >
          <IconArrowLeft size={14} /> {t('auth.backToSignIn')}
        </Anchor>
      </Stack>
    </form>
  );
}
