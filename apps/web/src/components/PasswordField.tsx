import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePassword } from './generate-password';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  required?: boolean;
  testId: string;
}

/** A password input with 'Generate'; a generated password is shown in clear with spec §5's warning. */
export function PasswordField({ label, value, onChange, error, required, testId }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const [generated, setGenerated] = useState<string | null>(null);

  function generate() {
    const next = generatePassword();
    setGenerated(next);
    setVisible(true);
    onChange(next);
  }

  return (
    <Stack gap={4}>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <PasswordInput
          label={label}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          visible={visible}
          onVisibilityChange={setVisible}
          error={error}
          required={required}
          autoComplete="new-password"
          data-testid={testId}
          style={{ flex: 1 }}
        />
        <Button
          variant="light"
          leftSection={<IconWand size={16} />}
          onClick={generate}
          data-testid={`${testId}-generate`}
        >
          {t('password.generate')}
        </Button>
      </Group>
      {generated !== null && generated === value && (
        <Text size="sm" c="orange.8" fw={500} data-testid={`${testId}-warning`}>
          {t('msg:generatedPasswordWarning')}
        </Text>
      )}
    </Stack>
  );
}
