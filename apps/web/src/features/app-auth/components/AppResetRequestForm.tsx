import { Button, Stack, Text, TextInput } from '@mantine/core';
import { ForgetAppPasswordBody } from '@provisio/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormHeading } from '../../../components/FormHeading';
import { isApiError } from '../../../lib/api';
import { stripSpaces } from '../../../lib/app-session';
import { useForgetAppPassword } from '../api/forget-app-password';
import { BackToSignIn } from './BackToSignIn';

interface AppResetRequestFormProps {
  username: string;
  onUsernameChange: (value: string) => void;
  onBack: () => void;
  /** Called with the server's confirmation ('Please Follow the link emailed to reset the password!'). */
  onSent: (message: string) => void;
}

/** Reset mode of /appSignin: the username, Reset and the way back (spec §2). */
export function AppResetRequestForm({ username, onUsernameChange, onBack, onSent }: AppResetRequestFormProps) {
  const { t } = useTranslation();
  const request = useForgetAppPassword();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ForgetAppPasswordBody.safeParse({ username: stripSpaces(username).toLowerCase() });
    if (!parsed.success) return setFailure(t('msg:usernameRequiredForReset'));
    setFailure(null);
    try {
      await request.mutateAsync(parsed.data);
      onSent(t('msg:appResetLinkSent'));
    } catch (error) {
      setFailure(isApiError(error) ? error.message : t('msg:resetEmailFailed'));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="app-reset-form">
      <Stack gap="md">
        <FormHeading title={t('auth.resetTitle')} subtitle={t('endUser.signIn.resetSubtitle')} fz={24} />
        <TextInput
          label={t('auth.username')}
          placeholder={t('endUser.signIn.usernamePlaceholder')}
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          size="md"
          value={username}
          onChange={(event) => onUsernameChange(event.currentTarget.value)}
          data-testid="app-reset-username"
        />
        {failure && (
          <Text c="red.7" size="sm" fw={500} role="alert" data-testid="app-reset-error">
            {failure}
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
