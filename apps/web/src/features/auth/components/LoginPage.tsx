import { useState } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../../../lib/session';
import { AuthLayout } from './AuthLayout';
import { ResetRequestForm } from './ResetRequestForm';
import { SignInForm } from './SignInForm';

/** /login: sign-in mode by default, reset mode after 'Forgot Password? Reset' (spec §2, §4). */
export function LoginPage() {
  const { token } = useSession();
  const [mode, setMode] = useState<'signIn' | 'reset'>('signIn');
  // The username typed in one mode is kept when switching to the other.
  const [username, setUsername] = useState('');
  if (token) return <Navigate to="/dashboard" replace />;
  return (
    <AuthLayout>
      {mode === 'signIn' ? (
        <SignInForm username={username} onUsernameChange={setUsername} onForgot={() => setMode('reset')} />
      ) : (
        <ResetRequestForm
          username={username}
          onUsernameChange={setUsername}
          onBack={() => setMode('signIn')}
          onSent={() => setMode('signIn')}
        />
      )}
    </AuthLayout>
  );
}
