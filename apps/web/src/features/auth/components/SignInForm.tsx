import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormHeading } from '../../../components/FormHeading';
import { isApiError } from '../../../lib/api';
import { startSession } from '../../../lib/session';
import { useAdminLogin } from '../api/admin-login';
import { publicConfigQuery } from '../api/get-public-config';

interface SignInFormProps {
  username: string;
  onUsernameChange: (value: string) => void;
  onForgot: () => void;
}

export function SignInForm({ username, onUsernameChange, onForgot }: SignInFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useAdminLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const form = useForm({
    initialValues: { user: username, password: '' },
    onValuesChange: (values) => onUsernameChange(values.user),
    validate: {
      user: (value) => (value.trim() ? null : t('validation.required')),
      password: (value) => (value ? null : t('validation.required')),
    },
  });

  const submit = form.onSubmit(async ({ user, password }) => {
    setFailure(null);
    setPending(true);
    try {
      const { cloud_id } = await queryClient.fetchQuery(publicConfigQuery);
      const reply = await login.mutateAsync({ cloud_id, user: user.trim(), password });
      const creds = { username: reply.username, cloud_id, name: reply.name, id: reply.id, user_type: reply.user_type };
      startSession(reply.Token, creds, reply.url);
      await navigate('/dashboard', { replace: true });
    } catch (error) {
      // A 401 is always the same words, whatever went wrong (spec §8); other refusals carry the server's text.
      if (isApiError(error) && error.status === 401) setFailure(t('msg:invalidCredentials'));
      else setFailure(isApiError(error) ? error.message : t('errors.network'));
      setPending(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="login-form">
      <Stack gap="md">
        <FormHeading title={t('auth.signInTitle')} subtitle={t('auth.signInSubtitle')} fz={26} />
        <TextInput
          label={t('auth.username')}
          placeholder={t('auth.usernamePlaceholder')}
          autoComplete="username"
          autoFocus={!username}
          size="md"
          data-testid="login-username"
          {...form.getInputProps('user')}
        />
        <PasswordInput
          label={t('auth.password')}
          placeholder={t('auth.passwordPlaceholder')}
          autoComplete="current-password"
          size="md"
          data-testid="login-password"
          {...form.getInputProps('password')}
        />
        {failure && (
          <Text c="red.7" size="sm" fw={500} role="alert" data-testid="login-error">
            {failure}
          </Text>
        )}
        <Button type="submit" size="md" fullWidth disabled={pending} loading={pending} data-testid="login-submit">
          {t('auth.signIn')}
        </Button>
        <Group gap={6} justify="center">
          <Text size="sm" c="dimmed">
            {t('auth.forgotPassword')}
          </Text>
          <Anchor component="button" type="button" size="sm" fw={600} onClick={onForgot} data-testid="login-forgot">
            {t('auth.reset')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
