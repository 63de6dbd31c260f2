import { Button, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormHeading } from '../../../components/FormHeading';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { isApiError } from '../../../lib/api';
import { stripSpaces } from '../../../lib/app-session';
import { useChangeAppPassword } from '../api/change-app-password';
import { BackToSignIn } from './BackToSignIn';
import { validateAppChange } from './validate-change';

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
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateAppChange(password, confirm);
    if (problem) return setFailure(t(`msg:${problem}`));
    setFailure(null);
    try {
      await change.mutateAsync({ username: stripSpaces(username).toLowerCase(), old_password: oldPassword, new_password: password });
      onChanged(t('msg:passwordUpdated'));
    } catch (error) {
      setFailure(isApiError(error) ? error.message : t('errors.network'));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="app-change-form">
      <Stack gap="md">
        <FormHeading title={t('endUser.signIn.changeTitle')} subtitle={t('msg:mustChangePassword')} fz={24} />
        <NewPasswordFields
          password={password}
          confirm={confirm}
          onPasswordChange={setPassword}
          onConfirmChange={setConfirm}
          withMeter
          toggleLabel={t('endUser.showHidePassword')}
          testIds={{ password: 'app-change-new', confirm: 'app-change-confirm', meter: 'app-change-strength' }}
        />
        {failure && (
          <Text c="red.7" size="sm" fw={500} role="alert" data-testid="app-change-error">
            {failure}
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
