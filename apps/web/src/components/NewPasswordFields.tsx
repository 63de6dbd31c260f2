import { PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

interface NewPasswordFieldsProps {
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  /** Shows the strength meter of spec §5 between the two fields. */
  withMeter?: boolean;
  testIds: { password: string; confirm: string; meter: string };
  toggleLabel?: string;
}

/** New password and its confirmation, with the strength meter where the rules of §5 apply (reset and change pages). */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const toggle = props.toggleLabel ? { visibilityToggleButtonProps: { 'aria-label': props.toggleLabel } } : {};
  return (
    <>
      <PasswordInput
        label={t('auth.newPassword')}
        autoComplete="new-password"
        size="md"
        value={props.password}
        onChange={(event) => props.onPasswordChange(event.currentTarget.value)}
        {...toggle}
        data-testid={props.testIds.password}
      />
      {props.withMeter && <PasswordStrengthMeter password={props.password} testId={props.testIds.meter} />}
      <PasswordInput
        label={t('auth.confirmPassword')}
        autoComplete="new-password"
        size="md"
        value={props.confirm}
        onChange={(event) => props.onConfirmChange(event.currentTarget.value)}
        {...toggle}
        data-testid={props.testIds.confirm}
      />
    </>
  );
}
