import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormHeading } from '../../../components/FormHeading';
import { isApiError } from '../../../lib/api';
import { setAppToken, storedAppUsername, stripSpaces } from '../../../lib/app-session';
import { useAppSessionSignIn } from '../api/app-settings';

/** Shown when the tab has no app session: the app account's email and password give one. */
export function SettingsSignIn({ notice, onSignedIn }: { notice: string | null; onSignedIn: (token: string) => void }) {
  const { t } = useTranslation();
  const signIn = useAppSessionSignIn();
  const [username, setUsername] = useState(storedAppUsername);
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      const reply = await signIn.mutateAsync({ username: stripSpaces(username), password });
      setAppToken(reply.app_token);
      onSignedIn(reply.app_token);
    } catch (error) {
      // A forced password change says so (the server's words); everything else is 'Invalid Credentials'.
      const change = isApiError(error) && error.message === t('msg:mustChangePassword');
      setFailure(change || (isApiError(error) && error.status === 429) ? (error as Error).message : t('msg:invalidCredentials'));
      setPassword('');
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="settings-signin">
      <Stack gap="md">
        <FormHeading title={t('endUser.settings.title')} subtitle={t('endUser.settings.signInHint')} fz={22} />
        {(failure ?? notice) && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="settings-signin-error">
            {failure ?? notice}
          </Alert>
        )}
        <TextInput label={t('auth.username')} size="md" inputMode="email" autoCapitalize="none" value={username} onChange={(e) => setUsername(e.currentTarget.value)} data-testid="settings-username" />
        <PasswordInput label={t('auth.password')} size="md" value={password} onChange={(e) => setPassword(e.currentTarget.value)} data-testid="settings-password" />
        <Button type="submit" size="md" fullWidth loading={signIn.isPending} disabled={!username || !password} data-testid="settings-signin-submit">
          {t('auth.signIn')}
        </Button>
      </Stack>
    </form>
  );
}
