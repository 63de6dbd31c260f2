import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormHeading } from '../../../components/FormHeading';

interface CdrsSignInProps {
  initialUsername: string;
  failure: string | null;
  pending: boolean;
  onSubmit: (username: string, password: string) => void;
}

/** Shown when the page was opened without (or with wrong) credentials: the app account's email and password. */
export function CdrsSignIn({ initialUsername, failure, pending, onSubmit }: CdrsSignInProps) {
  const { t } = useTranslation();
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(username.replace(/\s+/g, ''), password);
    setPassword('');
  };
  return (
    <form onSubmit={submit} noValidate data-testid="cdrs-signin">
      <Stack gap="md">
        <FormHeading title={t('endUser.cdrs.title')} subtitle={t('endUser.cdrs.signInHint')} fz={22} />
        {failure && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            role="alert"
            data-testid="cdrs-signin-error"
          >
            {failure}
          </Alert>
        )}
        <TextInput
          label={t('auth.username')}
          size="md"
          inputMode="email"
          autoCapitalize="none"
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          data-testid="cdrs-username"
        />
        <PasswordInput
          label={t('auth.password')}
          size="md"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          data-testid="cdrs-password"
        />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={pending}
          disabled={!username || !password}
          data-testid="cdrs-signin-submit"
        >
          {t('auth.signIn')}
        </Button>
      </Stack>
    </form>
  );
}
