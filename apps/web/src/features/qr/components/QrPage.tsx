import { Alert, Anchor, Button, Center, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { AuthLoginReply } from '@provisio/contract';
import { IconInfoCircle } from '@tabler/icons-react';
import { Suspense, lazy, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormHeading } from '../../../components/FormHeading';
import { EndUserLayout } from '../../../components/EndUserLayout';
import { isApiError } from '../../../lib/api';
import { useAuthLogin } from '../api/auth-login';
import { useResetAuthPassword } from '../api/reset-auth-password';
import type { AppChoice } from './QrResult';

// The QR and what goes with it, fetched while the password is typed (issue #17: /getQR's first load under 150 KB).
const loadResult = () => import('./QrResult');
const QrResult = lazy(async () => ({ default: (await loadResult()).QrResult }));

/** /getQR?username=&cloud_id=: the account's password in, the app's sign-in QR code out (spec §2, §4, §5). */
export function QrPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const username = params.get('username')?.trim() ?? '';
  const cloudId = params.get('cloud_id')?.trim() ?? '';
  const login = useAuthLogin();
  const reset = useResetAuthPassword();
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [qr, setQr] = useState<AuthLoginReply | null>(null);
  const [shown, setShown] = useState(0);
  const [app, setApp] = useState<AppChoice>('acrobits');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setInfo(null);
    if (!username || !password) return setFailure(t('msg:invalidPassword'));
    setFailure(null);
    try {
      const reply = await login.mutateAsync({ username, password, cloud_id: cloudId });
      await loadResult().catch(() => undefined);
      setQr(reply);
      setShown((n) => n + 1);
      setApp('acrobits');
    } catch (error) {
      setFailure(isApiError(error) && error.status === 429 ? error.message : t('msg:invalidPassword'));
    } finally {
      // Spec §4: the password leaves the form once it was used.
      setPassword('');
    }
  };

  const forgot = async () => {
    setFailure(null);
    if (!username) return setFailure(t('msg:usernameRequiredForReset'));
    try {
      await reset.mutateAsync({ username: username.toLowerCase() });
      // The same answer whether or not this account can reset (issue #20): nothing claims a mail was sent.
      setInfo(t('msg:resetRequestNeutral'));
    } catch (error) {
      setFailure(isApiError(error) ? error.message : t('msg:resetEmailFailed'));
    }
  };

  return (
    <EndUserLayout testId="qr-page">
      <Stack gap="md">
        <FormHeading
          title={t('endUser.qr.title')}
          subtitle={
            qr
              ? t(app === 'linphone' ? 'endUser.qr.linphoneScanHint' : 'endUser.qr.scanHint')
              : t('endUser.qr.subtitle')
          }
          fz={24}
        />
        {info && (
          <Alert color="teal" variant="light" icon={<IconInfoCircle size={18} />} data-testid="qr-info">
            {info}
          </Alert>
        )}
        {qr && (
          <Suspense
            fallback={
              <Center py="md">
                <Loader size="sm" />
              </Center>
            }
          >
            <QrResult key={shown} qr={qr} username={username} app={app} onAppChange={setApp} />
          </Suspense>
        )}
        <form onSubmit={(event) => void submit(event)} noValidate data-testid="qr-form">
          <Stack gap="md">
            <TextInput
              label={t('auth.username')}
              value={username}
              readOnly
              size="md"
              variant="filled"
              data-testid="qr-username"
            />
            <PasswordInput
              label={t('auth.password')}
              placeholder={t('auth.passwordPlaceholder')}
              autoComplete="current-password"
              size="md"
              value={password}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                void loadResult().catch(() => undefined);
              }}
              visibilityToggleButtonProps={{ 'aria-label': t('endUser.showHidePassword') }}
              data-testid="qr-password"
            />
            {failure && (
              <Text c="red.7" size="sm" fw={500} role="alert" data-testid="qr-error">
                {failure}
              </Text>
            )}
            <Button
              type="submit"
              size="md"
              fullWidth
              variant={qr ? 'light' : 'filled'}
              loading={login.isPending}
              data-testid="qr-submit"
            >
              {qr ? t('endUser.qr.again') : t('endUser.qr.show')}
            </Button>
          </Stack>
        </form>
        <Group gap={6} justify="center">
          <Text size="sm" c="dimmed">
            {t('auth.forgotPassword')}
          </Text>
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={600}
            onClick={() => void forgot()}
            data-testid="qr-forgot"
          >
            {t('auth.reset')}
          </Anchor>
        </Group>
      </Stack>
    </EndUserLayout>
  );
}
