import { Alert, Button, CopyButton, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The recovery codes, shown once: copy them, then go on. */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="two-factor-codes">
      <Alert color="orange" variant="light" title={t('twoFactor.codesTitle')}>
        {t('twoFactor.codesBody')}
      </Alert>
      <SimpleGrid cols={2} spacing="xs">
        {codes.map((c) => (
          <Text key={c} ff="monospace" fz="md" ta="center" data-testid="two-factor-code">
            {c}
          </Text>
        ))}
      </SimpleGrid>
      <CopyButton value={codes.join('\n')}>
        {({ copied, copy }) => (
          <Button
            variant="light"
            onClick={copy}
            leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            color={copied ? 'teal' : undefined}
          >
            {copied ? t('twoFactor.copied') : t('twoFactor.copy')}
          </Button>
        )}
      </CopyButton>
      <Button onClick={onDone} data-testid="two-factor-codes-done">
        {doneLabel}
      </Button>
    </Stack>
  );
}
