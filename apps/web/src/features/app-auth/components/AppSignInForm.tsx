import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormHeading } from '../../../components/FormHeading';

interface AppSignInFormProps {
  username: string;
  password: string;
  onUsernameChange: (value: string) => void;
  onPasswordChange: (value: string) => void;
  /** Spec §4: disabled until the username or password is edited (or Reset was chosen), and after an error. */
  canSubmit: boolean;
  pending: boolean;
  failure: string | null;
  info: string | null;
  onSubmit: () => void;
  onForgot: () => void;
}

export function AppSignInForm(props: AppSignInFormProps) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (props.canSubmit && !props.pending) props.onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate data-testid="app-signin-form">
      <Stack gap="md">
        <FormHeading title={t('endUser.signIn.title')} subtitle={t('endUser.signIn.subtitle')} fz={24} />
        {props.info && (
          <Alert color="teal" variant="light" icon={<IconInfoCircle size={18} />} data-testid="app-signin-info">
            {props.info}
          </Alert>
        )}
        <TextInput
          label={t('auth.username')}
          placeholder={t('endUser.signIn.usernamePlaceholder')}
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          size="md"
          value={props.username}
          onChange={(event) => props.onUsernameChange(event.currentTarget.value)}
          data-testid="app-signin-username"
        />
        <PasswordInput
          label={t('auth.password')}
          placeholder={t('auth.passwordPlaceholder')}
          autoComplete="current-password"
          size="md"
          value={props.password}
          onChange={(event) => props.onPasswordChange(event.currentTarget.value)}
          visibilityToggleButtonProps={{ 'aria-label': t('endUser.showHidePassword') }}
          data-testid="app-signin-password"
        />
        {props.failure && (
          <Text c="red.7" size="sm" fw={500} role="alert" data-testid="app-signin-error">
            {props.failure}
          </Text>
        )}
        <Button
          type="submit"
          size="md"
          fullWidth
          disabled={!props.canSubmit}
          loading={props.pending}
          data-testid="app-signin-submit"
        >
          {t('auth.signIn')}
        </Button>
        <Group gap={6} justify="center">
          <Text size="sm" c="dimmed">
            {t('auth.forgotPassword')}
          </Text>
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={600}
            onClick={props.onForgot}
            data-testid="app-signin-forgot"
          >
            {t('auth.reset')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
