import { Progress, Stack, Text } from '@mantine/core';
import { passwordStrength } from '@provisio/contract';
import { useTranslation } from 'react-i18next';

/** Spec §5's meter: 0/25/50/75/100 % for scores 0 to 4; red for 0-1, orange for 2-3, green for 4. */
export function PasswordStrengthMeter({ password, testId = 'strength' }: { password: string; testId?: string }) {
  const { t } = useTranslation();
  const strength = passwordStrength(password);
  return (
    <Stack gap={4} data-testid={testId} data-score={strength.score} data-color={strength.color}>
      <Progress
        value={strength.percent}
        color={strength.color}
        size="sm"
        aria-label={t('password.strength')}
        data-testid={`${testId}-bar`}
      />
      {password !== '' &&
        strength.messages.map((key) => (
          <Text key={key} size="xs" c={strength.strong ? 'dimmed' : 'red'} data-testid={`${testId}-message`}>
            {t(`msg:${key}`)}
          </Text>
        ))}
    </Stack>
  );
}
