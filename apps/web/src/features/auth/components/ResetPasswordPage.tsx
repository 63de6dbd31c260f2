import { LIMITS } from '@provisio/contract';
import { contractSchema } from '../../../lib/contract';
import { useTranslation } from 'react-i18next';
import { useResetPassword } from '../api/reset-password';
import { ResetPasswordForm } from './ResetPasswordForm';

/** /resetPassword?ref=...: the page the emailed admin reset link opens. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const reset = useResetPassword();
  return (
    <ResetPasswordForm
      subtitle={t('auth.choosePasswordSubtitle', { min: LIMITS.adminPasswordMin })}
      password={contractSchema('AdminNewPassword')}
      submit={reset.mutateAsync}
      pending={reset.isPending}
    />
  );
}
