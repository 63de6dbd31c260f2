import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormHeading } from '../../../components/FormHeading';
import { setAppToken, storedAppUsername, stripSpaces } from '../../../lib/app-session';
import { rules } from '../../../lib/form';
import { useContractForm } from '../../../lib/use-contract-form';
import { useAppSessionSignIn } from '../api/app-settings';

/** Shown when the tab has no app session: the app account's email and password give one. */
export function SettingsSignIn({ notice, onSignedIn }: { notice: string | null; onSignedIn: (token: string) => void }) {
  const { t } = useTranslation();
  const signIn = useAppSessionSignIn();
  // Sign In stays disabled until both fields are filled: no rules to check.
  const { form, field, message, submit } = useContractForm({ username: storedAppUsername(), password: '' }, rules(), {
    // A forced password change says so (the server's words); everything else is 'Invalid Credentials'.
    refusals: (error) =>
      error.message === t('msg:mustChangePassword') || error.status === 429 ? error.message : 'invalidCredentials',
    otherwise: 'invalidCredentials',
  });
  const onSubmit = submit(
    ({ username, password }) =>
      signIn.mutateAsync({ username: stripSpaces(username), password }).catch((error: unknown) => {
        // A refused password leaves the form; the refusal itself is the form's message.
        form.setFieldValue('password', '');
        throw error;
      }),
    (reply) => {
      setAppToken(reply.app_token);
      onSignedIn(reply.app_token);
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate data-testid="settings-signin">
      <Stack gap="md">
        <FormHeading title={t('endUser.settings.title')} subtitle={t('endUser.settings.signInHint')} fz={22} />
        {(message ?? notice) && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            role="alert"
            data-testid="settings-signin-error"
          >
            {message ?? notice}
          </Alert>
        )}
        <TextInput
          label={t('auth.username')}
          size="md"
          inputMode="email"
          autoCapitalize="none"
          {...field('username')}
          data-testid="settings-username"
        />
        <PasswordInput label={t('auth.password')} size="md" {...field('password')} data-testid="settings-password" />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={signIn.isPending}
          disabled={!form.values.username || !form.values.password}
          data-testid="settings-signin-submit"
        >
          {t('auth.signIn')}
        </Button>
      </Stack>
    </form>
  );
}
