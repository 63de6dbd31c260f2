import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The signing secret, shown once (after creation or rotation) with how receivers check it. */
export function WebhookSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="webhook-secret-shown">
      <Alert color="orange" variant="light" title={t('webhooks.secretOnceTitle')}>
        {t('webhooks.secretOnceBody')}
      </Alert>
      <Code block fz="sm" data-testid="webhook-secret" style={{ wordBreak: 'break-all' }}>
        {secret}
      </Code>
      <Text size="sm" c="dimmed">
        {t('webhooks.signatureHelp')}
      </Text>
      <Group justify="space-between">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              onClick={copy}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            >
              {copied ? t('webhooks.copied') : t('webhooks.copy')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone} data-testid="webhook-secret-done">
          {t('webhooks.done')}
        </Button>
      </Group>
    </Stack>
  );
}
