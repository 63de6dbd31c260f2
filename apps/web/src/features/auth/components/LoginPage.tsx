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
  if (token) return <Navigate to="/dashboard" replace />;
  return (
    <AuthLayout>
      {mode === 'signIn' ? (
        <SignInForm onForgot={() => setMode('reset')} />
      ) : (
        <ResetRequestForm onBack={() => setMode('signIn')} onSent={() => setMode('signIn')} />
      )}
    </AuthLayout>
  );
}
