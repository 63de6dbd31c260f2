import { Anchor, Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDeviceMobileCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EndUserLayout } from '../../../components/EndUserLayout';
import { isApiError } from '../../../lib/api';
import { base64Utf8, rememberAppUsername, setAppToken, storedAppUsername, stripSpaces } from '../../../lib/app-session';
import { mustChange, useAppLogin } from '../api/app-login';
import { AppChangePasswordForm } from './AppChangePasswordForm';
import { AppResetRequestForm } from './AppResetRequestForm';
import { AppSignInForm } from './AppSignInForm';

type Mode = 'signIn' | 'reset' | 'change';

/**
 * Opens the app through its link; a seam so unit tests can see the link instead of following it.
 * Issue #20: in Chromium a link no app answers, followed in the page's own tab (or a frame of it), leaves the tab
 * waiting on the external-protocol prompt: every later request and link of the page hangs ("Open my settings" and
 * the settings' Save did nothing). The link is therefore opened in a new browsing context, which the browser closes
 * once the app has it (or which is all the prompt blocks); the page stays usable whatever happens. If the browser
 * blocks it (the sign-in reply came too late after the tap), the "Open the app" button does the same on a tap.
 */
export const handOff = {
  open: (link: string) => {
    window.open(link, '_blank', 'noopener');
  },
};

/** /appSignin: sign-in, reset and change-password modes (spec §2, §4, §5). */
export function AppSignInPage() {
  const { t } = useTranslation();
  const login = useAppLogin();
  const [mode, setMode] = useState<Mode>('signIn');
  const [username, setUsername] = useState(storedAppUsername);
  const [password, setPassword] = useState('');
  const [canSubmit, setCanSubmit] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);

  const edited = () => {
    setCanSubmit(true);
    setFailure(null);
  };

  const signIn = async () => {
    const name = stripSpaces(username);
    setUsername(name);
    setInfo(null);
    try {
      const reply = await login.mutateAsync({ username: name, password: base64Utf8(password) });
      if (mustChange(reply)) {
        setMode('change');
        return;
      }
      rememberAppUsername(reply.username);
      setAppToken(reply.app_token);
      setPassword('');
      setLink(reply.link);
      handOff.open(reply.link);
    } catch (error) {
      // Spec §8: every sign-in failure reads 'Invalid Credentials'; only the throttle's wait is worth telling apart.
      setFailure(isApiError(error) && error.status === 429 ? error.message : t('msg:invalidCredentials'));
      setCanSubmit(false);
    }
  };

  const backToSignIn = (message: string | null = null) => {
    setInfo(message);
    setFailure(null);
    setMode('signIn');
  };

  if (link) return <HandedOff link={link} />;

  return (
    <EndUserLayout testId="app-signin-page">
      {mode === 'signIn' && (
        <AppSignInForm
          username={username}
          password={password}
          onUsernameChange={(value) => {
            setUsername(value);
            edited();
          }}
          onPasswordChange={(value) => {
            setPassword(value);
            edited();
          }}
          canSubmit={canSubmit}
          pending={login.isPending}
          failure={failure}
          info={info}
          onSubmit={() => void signIn()}
          onForgot={() => {
            setCanSubmit(true);
            setInfo(null);
            setMode('reset');
          }}
        />
      )}
      {mode === 'reset' && (
        <AppResetRequestForm
          username={username}
          onUsernameChange={setUsername}
          onBack={() => backToSignIn()}
          onSent={backToSignIn}
        />
      )}
      {mode === 'change' && (
        <AppChangePasswordForm
          username={username}
          oldPassword={password}
          onBack={() => backToSignIn()}
          onChanged={(message) => {
            setPassword('');
            setCanSubmit(false);
            backToSignIn(message);
          }}
        />
      )}
    </EndUserLayout>
  );
}

/** After a 200 the browser is sent to the app's link; if no app answers it, the user can tap it again. */
function HandedOff({ link }: { link: string }) {
  const { t } = useTranslation();
  return (
    <EndUserLayout testId="app-signin-page">
      <Stack align="center" ta="center" gap="md" data-testid="app-signin-done">
        <ThemeIcon size={64} radius="xl" color="teal" variant="light">
          <IconDeviceMobileCheck size={36} />
        </ThemeIcon>
        <Title order={2} fz={22}>
          {t('endUser.signIn.handedOffTitle')}
        </Title>
        <Text c="dimmed">{t('endUser.signIn.handedOffBody')}</Text>
        <Button
          component="a"
          href={link}
          target="_blank"
          rel="noopener"
          onClick={(event) => {
            // The same hand-off as after sign-in, so a second try cannot leave the page dead either.
            event.preventDefault();
            handOff.open(link);
          }}
          fullWidth
          size="md"
          data-testid="app-signin-open-app"
        >
          {t('endUser.signIn.openApp')}
        </Button>
        <Anchor href="/settings_tab/appSettings" size="sm" fw={600} data-testid="app-signin-settings">
          {t('endUser.signIn.openSettings')}
        </Anchor>
      </Stack>
    </EndUserLayout>
  );
}
