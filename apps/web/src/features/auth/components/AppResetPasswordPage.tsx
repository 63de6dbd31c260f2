import { LIMITS } from '@provisio/contract';
import { contractSchema } from '../../../lib/contract';
import { useTranslation } from 'react-i18next';
import { useResetAppPassword } from '../api/reset-app-password';
import { ResetPasswordForm } from './ResetPasswordForm';

/** /resetAppPassword?ref=...: an app account's emailed reset link; strong passwords only (spec §5). */
export function AppResetPasswordPage() {
  const { t } = useTranslation();
  const reset = useResetAppPassword();
  return (
    <ResetPasswordForm
      subtitle={t('auth.chooseStrongPasswordSubtitle', { min: LIMITS.appPasswordMin })}
      password={contractSchema('AppNewPassword')}
      submit={reset.mutateAsync}
      pending={reset.isPending}
      withMeter
      signInPath="/appSignin"
      endUser
    />
  );
}
