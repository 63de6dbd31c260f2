import { LIMITS } from '@provisio/contract';
import { contractSchema } from '../../../lib/contract';
import { useTranslation } from 'react-i18next';
import { useResetResellerPassword } from '../api/reset-reseller-password';
import { ResetPasswordForm } from './ResetPasswordForm';

/** /resetResellerPassword?ref=...: a reseller user's emailed reset link; strong passwords only (spec §5). */
export function ResellerResetPasswordPage() {
  const { t } = useTranslation();
  const reset = useResetResellerPassword();
  return (
    <ResetPasswordForm
      subtitle={t('auth.chooseStrongPasswordSubtitle', { min: LIMITS.appPasswordMin })}
      password={contractSchema('AppNewPassword')}
      submit={reset.mutateAsync}
      pending={reset.isPending}
      withMeter
    />
  );
}
