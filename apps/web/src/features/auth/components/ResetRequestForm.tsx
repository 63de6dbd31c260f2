import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { ForgetPasswordBody, isMessageKey } from '@provisio/contract';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormHeading } from '../../../components/FormHeading';
import { isApiError } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { useForgetPassword } from '../api/forget-password';

interface ResetRequestFormProps {
  username: string;
  onUsernameChange: (value: string) => void;
  onBack: () => void;
  onSent: () => void;
}

/** Reset mode of /login: only the username, a Reset button and the way back (spec §2). */
export function ResetRequestForm({ username, onUsernameChange, onBack, onSent }: ResetRequestFormProps) {
  const { t } = useTranslation();
  const request = useForgetPassword();
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = ForgetPasswordBody.safeParse({ username: username.toLowerCase() });
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message ?? '';
      setFieldError(isMessageKey(key) ? t(`msg:${key}`) : t('msg:usernameRequiredForReset'));
      return;
    }
    setFieldError(null);
    try {
      await request.mutateAsync(parsed.data);
      notifySuccess(t('msg:resetEmailSent'));
      onSent();
    } catch (error) {
      setFailure(isApiError(error) ? error.message : t('msg:resetEmailFailed'));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="reset-request-form">
      <Stack gap="md">
        <FormHeading title={t('auth.resetTitle')} subtitle={t('auth.resetSubtitle')} fz={26} />
        <TextInput
          label={t('auth.username')}
          placeholder={t('auth.usernamePlaceholder')}
          autoComplete="username"
          autoFocus
          size="md"
          value={username}
          onChange={(event) => onUsernameChange(event.currentTarget.value)}
          error={fieldError}
          data-testid="reset-username"
        />
        {failure && (
          <Text c="red.7" size="sm" fw={500} role="alert" data-testid="reset-error">
            {failure}
          </Text>
        )}
        <Button type="submit" size="md" fullWidth loading={request.isPending} data-testid="reset-submit">
          {t('auth.reset')}
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={600}
          onClick={onBack}
          data-testid="reset-back"
          style={{ alignSelf: 'center', display: 'inline-flex', alignItems: 'center', gap: 6 }}
        >
          <IconArrowLeft size={14} /> {t('auth.backToSignIn')}
        </Anchor>
      </Stack>
    </form>
  );
}
