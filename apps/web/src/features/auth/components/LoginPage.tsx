import type { TwoFactorSignedIn } from '@provisio/contract';
import { type ComponentType, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { getSession, startSession, useSession } from '../../../lib/session';
import { afterSignIn } from '../return-to';
import { AuthLayout } from './AuthLayout';
import { ResetRequestForm } from './ResetRequestForm';
import { SignInForm } from './SignInForm';
import type { SecondStep, SecondStepProps } from './second-step';

export type { SecondStep, SecondStepProps } from './second-step';

interface LoginPageProps {
  secondStep?: ComponentType<SecondStepProps>;
  rememberedToken?: (username: string) => string | undefined;
}

/**
 * /login: sign-in mode by default, reset mode after 'Forgot Password? Reset' (spec §2, §4); after the password, the
 * second step when the account needs one.
 */
export function LoginPage({ secondStep: Second, rememberedToken }: LoginPageProps = {}) {
  const { token } = useSession();
  const navigate = useNavigate();
  const [mode, setMode] = useState<'signIn' | 'reset'>('signIn');
  // The username typed in one mode is kept when switching to the other.
  const [username, setUsername] = useState('');
  const [second, setSecond] = useState<SecondStep | null>(null);
  const location = useLocation();
  // Where this sign-in leads, decided before the session (and its user) is stored: the page a signed-out visitor had
  // opened, or /dashboard (features/auth/return-to.ts).
  const next = useRef('/dashboard');
  const destination = (username: string) => (next.current = afterSignIn(location.state, username, getSession().creds));
  if (token) return <Navigate to={next.current} replace />;

  const signedIn = (reply: TwoFactorSignedIn) => {
    if (!second) return;
    const creds = { ...second.creds, name: reply.name, id: reply.id, user_type: reply.user_type };
    const to = destination(creds.username);
    startSession(reply.Token, creds, reply.url);
    void navigate(to, { replace: true });
  };

  let body;
  if (second && Second)
    body = (
      <Second
        step={second.step}
        username={second.creds.username}
        onSignedIn={signedIn}
        onBack={() => setSecond(null)}
      />
    );
  else if (mode === 'signIn')
    body = (
      <SignInForm
        username={username}
        onUsernameChange={setUsername}
        onForgot={() => setMode('reset')}
        onSecondStep={setSecond}
        destination={destination}
        rememberedToken={rememberedToken}
      />
    );
  else
    body = (
      <ResetRequestForm
        username={username}
        onUsernameChange={setUsername}
        onBack={() => setMode('signIn')}
        onSent={() => setMode('signIn')}
      />
    );
  return <AuthLayout>{body}</AuthLayout>;
}
