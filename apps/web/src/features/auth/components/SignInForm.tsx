import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormHeading } from '../../../components/FormHeading';
import { required } from '../../../lib/form';
import { startSession } from '../../../lib/session';
import { useContractForm } from '../../../lib/use-contract-form';
import { useAdminLogin } from '../api/admin-login';
import { publicConfigQuery } from '../api/get-public-config';
import type { SecondStep } from './second-step';

interface SignInFormProps {
  username: string;
  onUsernameChange: (value: string) => void;
  onForgot: () => void;
  /** Issue #18: the password was right and the account has (or must set up) a second factor. */
  onSecondStep: (pending: SecondStep) => void;
  /** The browser's "remember this browser" token of an account, sent with its password. */
  rememberedToken?: (username: string) => string | undefined;
  /** Where signing in as this user leads (asked before the session is stored); /dashboard when not given. */
  destination?: (username: string) => string;
}

export function SignInForm({
  username,
  onUsernameChange,
  onForgot,
  onSecondStep,
  rememberedToken,
  destination,
}: SignInFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useAdminLogin();
  const { form, field, message, submit } = useContractForm(
    { user: username, password: '' },
    required({ user: 'validation.required', password: 'validation.required' }),
    {
      // A 401 is always the same words, whatever went wrong (spec §8); other refusals carry the server's text.
      refusals: (error) => (error.status === 401 ? 'invalidCredentials' : error.message),
      onValuesChange: (values) => onUsernameChange(values.user),
    },
  );

  const onSubmit = submit(
    async ({ user, password }) => {
      const { cloud_id } = await queryClient.fetchQuery(publicConfigQuery);
      const two_factor_remember = rememberedToken?.(user);
      const body = { cloud_id, user: user.trim(), password, ...(two_factor_remember ? { two_factor_remember } : {}) };
      return { cloud_id, reply: await login.mutateAsync(body) };
    },
    ({ cloud_id, reply }) => {
      const creds = { username: reply.username, cloud_id, name: reply.name, id: reply.id, user_type: reply.user_type };
      if (reply.two_factor) return onSecondStep({ step: reply.two_factor, creds, url: reply.url });
      if (!reply.Token) return;
      const to = destination?.(creds.username) ?? '/dashboard';
      startSession(reply.Token, creds, reply.url);
      return navigate(to, { replace: true });
    },
  );
  // Stays on while the first screen opens after a sign-in.
  const pending = form.submitting;

  return (
    <form onSubmit={onSubmit} noValidate data-testid="login-form">
      <Stack gap="md">
        <FormHeading title={t('auth.signInTitle')} subtitle={t('auth.signInSubtitle')} fz={26} />
        <TextInput
          label={t('auth.username')}
          placeholder={t('auth.usernamePlaceholder')}
          autoComplete="username"
          autoFocus={!username}
          size="md"
          data-testid="login-username"
          {...field('user')}
        />
        <PasswordInput
          label={t('auth.password')}
          placeholder={t('auth.passwordPlaceholder')}
          autoComplete="current-password"
          size="md"
          data-testid="login-password"
          {...field('password')}
        />
        {message && (
          <Text c="red.7" size="sm" fw={500} role="alert" data-testid="login-error">
            {message}
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
