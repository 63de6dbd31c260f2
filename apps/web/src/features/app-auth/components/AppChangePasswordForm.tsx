import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormHeading } from '../../../components/FormHeading';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { stripSpaces } from '../../../lib/app-session';
import { newPasswordRules } from '../../../lib/form';
import { useContractForm } from '../../../lib/use-contract-form';
import { useChangeAppPassword } from '../api/change-app-password';
import { BackToSignIn } from './BackToSignIn';
import { contractSchema } from '../../../lib/contract';

interface AppChangePasswordFormProps {
  username: string;
  /** The password the user signed in with; the server checks it again. */
  oldPassword: string;
  onBack: () => void;
  onChanged: (message: string) => void;
}

/** Change-password mode of /appSignin, reached when appLogin answers 202 (spec §4): new and confirm, with the meter. */
export function AppChangePasswordForm({ username, oldPassword, onBack, onChanged }: AppChangePasswordFormProps) {
  const { t } = useTranslation();
  const change = useChangeAppPassword();
  // Spec §5: both fields, the app password rule (8 to 100 characters, a strength of 4 of 4), then that they match.
  const { form, message, submit } = useContractForm(
    { password: '', confirm: '' },
    newPasswordRules(contractSchema('AppNewPassword')),
    {
      oneMessage: true,
      refusals: 'inline',
    },
  );
  const onSubmit = submit(
    ({ password }) =>
      change.mutateAsync({
        username: stripSpaces(username).toLowerCase(),
        old_password: oldPassword,
        new_password: password,
      }),
    () => onChanged(t('msg:passwordUpdated')),
  );

  return (
    <form onSubmit={onSubmit} noValidate data-testid="app-change-form">
      <Stack gap="md">
        <FormHeading title={t('endUser.signIn.changeTitle')} subtitle={t('msg:mustChangePassword')} fz={24} />
        <NewPasswordFields
          password={form.values.password}
          confirm={form.values.confirm}
          onPasswordChange={(v) => form.setFieldValue('password', v)}
          onConfirmChange={(v) => form.setFieldValue('confirm', v)}
          withMeter
          toggleLabel={t('endUser.showHidePassword')}
          testIds={{ password: 'app-change-new', confirm: 'app-change-confirm', meter: 'app-change-strength' }}
        />
        {message && (
          <Text c="red.7" size="sm" fw={500} role="alert" data-testid="app-change-error">
            {message}
          </Text>
        )}
        <Button type="submit" size="md" fullWidth loading={change.isPending} data-testid="app-change-submit">
          {t('endUser.signIn.changeSubmit')}
        </Button>
        <BackToSignIn onBack={onBack} testId="app-change-back" />
      </Stack>
    </form>
  );
}
