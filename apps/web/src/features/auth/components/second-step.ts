import type { TwoFactorLoginStep, TwoFactorSignedIn } from '@provisio/contract';
import type { Creds } from '../../../lib/session';

/** A right password of an account with a second factor, or one the policy requires (issue #18). */
export interface SecondStep {
  step: TwoFactorLoginStep;
  creds: Creds;
  url: string | null;
}

/** What the app composes in for the second step (app/login-screen.tsx): a code, or the forced enrolment. */
export interface SecondStepProps {
  step: TwoFactorLoginStep;
  username: string;
  onSignedIn: (reply: TwoFactorSignedIn) => void;
  onBack: () => void;
}
