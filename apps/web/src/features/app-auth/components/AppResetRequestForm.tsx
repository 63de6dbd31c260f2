import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormHeading } from '../../../components/FormHeading';
import { stripSpaces } from '../../../lib/app-session';
import { matches } from '../../../lib/form';
import { useContractForm } from '../../../lib/use-contract-form';
import { useForgetAppPassword } from '../api/forget-app-password';
import { BackToSignIn } from './BackToSignIn';
import { contractSchema } from '../../../lib/contract';

interface AppResetRequestFormProps {
  username: string;
  onUsernameChange: (value: string) => void;
  onBack: () => void;
  /** Called with the neutral confirmation (`resetRequestNeutral`: the same whether or not a mail goes out). */
  onSent: (message: string) => void;
}

/** Reset mode of /appSignin: the username, Reset and the way back (spec §2). */
export function AppResetRequestForm({ username, onUsernameChange, onBack, onSent }: AppResetRequestFormProps) {
  const { t } = useTranslation();
  const request = useForgetAppPassword();
  const body = ({ username: name }: { username: string }) => ({ username: stripSpaces(name).toLowerCase() });
  const { field, message, submit } = useContractForm(
    { username },
    matches(contractSchema('ForgetAppPasswordBody'), body),
    {
      oneMessage: true,
      refusals: 'inline',
      otherwise: 'resetEmailFailed',
      onValuesChange: (values) => onUsernameChange(values.username),
    },
  );
  const onSubmit = submit(
    async (values) => request.mutateAsync((await contractSchema('ForgetAppPasswordBody').load()).parse(body(values))),
    () => onSent(t('msg:resetRequestNeutral')),
  );

  return (
    <form onSubmit={onSubmit} noValidate data-testid="app-reset-form">
      <Stack gap="md">
        <FormHeading title={t('auth.resetTitle')} subtitle={t('endUser.signIn.resetSubtitle')} fz={24} />
        <TextInput
          label={t('auth.username')}
          placeholder={t('endUser.signIn.usernamePlaceholder')}
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          size="md"
          {...field('username')}
          data-testid="app-reset-username"
        />
        {message && (
          <Text c="red.7" size="sm" fw={500} role="alert" data-testid="app-reset-error">
            {message}
          </Text>
        )}
        <Button type="submit" size="md" fullWidth loading={request.isPending} data-testid="app-reset-submit">
          {t('auth.reset')}
        </Button>
        <BackToSignIn onBack={onBack} testId="app-reset-back" />
      </Stack>
    </form>
  );
}
