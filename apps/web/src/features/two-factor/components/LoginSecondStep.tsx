import type { TwoFactorLoginStep, TwoFactorSignedIn } from '@provisio/contract';
import { EnrolStep } from './EnrolStep';
import { SecondStepForm } from './SecondStepForm';

interface LoginSecondStepProps {
  step: TwoFactorLoginStep;
  username: string;
  onSignedIn: (reply: TwoFactorSignedIn) => void;
  onBack: () => void;
}

/** The login page's second step (composed in by app/two-factor-screens.tsx): a code, or the forced enrolment. */
export function LoginSecondStep({ step, username, onSignedIn, onBack }: LoginSecondStepProps) {
  return step.step === 'verify' ? (
    <SecondStepForm step={step} username={username} onSignedIn={onSignedIn} onBack={onBack} />
  ) : (
    <EnrolStep step={step} onSignedIn={onSignedIn} onBack={onBack} />
  );
}
