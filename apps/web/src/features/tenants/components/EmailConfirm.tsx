import { Alert, Badge, Button, Group, List, ScrollArea, Stack, Text } from '@mantine/core';
import type { EmailLinkBody, EmailLinkPreviewReply } from '@provisio/contract';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attempt } from '../../../lib/attempt';
import { notifyInfo } from '../../../lib/notify';
import { emailLink } from '../api/email-link';

interface EmailConfirmProps {
  body: EmailLinkBody;
  preview: EmailLinkPreviewReply;
  onBack: () => void;
  onSent: (jobId: number) => void;
}

/**
 * Issue #20: before anything is queued, who gets the QR link and who is skipped, and why (the server's rule:
 * linked, with an app account, not revoked). Nobody to send to: Send is off.
 */
export function EmailConfirm({ body, preview, onBack, onSent }: EmailConfirmProps) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const count = preview.to_send.length;

  const send = async () => {
    setSending(true);
    try {
      await attempt(async () => {
        const reply = await emailLink(body);
        notifyInfo(reply.message);
        onSent(reply.job_id);
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="email-confirm">
      {count > 0 ? (
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {t('tenants.emailConfirm.toSend', { count })}
          </Text>
          <ScrollArea.Autosize mah={140} type="auto">
            <Group gap={4} data-testid="email-confirm-to-send">
              {preview.to_send.map((r) => (
                <Badge key={`${r.tenant_id}/${r.extension}`} variant="light" tt="none" fw={500}>
                  {r.extension} · {r.email}
                </Badge>
              ))}
            </Group>
          </ScrollArea.Autosize>
        </Stack>
      ) : (
        <Alert color="red" variant="light" data-testid="email-confirm-nobody">
          {t('tenants.emailConfirm.nobody')}
        </Alert>
      )}
      {preview.skipped.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t('tenants.emailConfirm.skipped', { count: preview.skipped.length })}
          data-testid="email-confirm-skipped"
        >
          <ScrollArea.Autosize mah={160} type="auto">
            <List size="sm" spacing={2}>
              {preview.skipped.map((s) => (
                <List.Item key={`${s.tenant_id}/${s.extension}/${s.email}`} data-reason={s.reason}>
                  {s.message}
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onBack} data-testid="email-confirm-back">
          {t('tenants.emailConfirm.back')}
        </Button>
        <Button
          leftSection={<IconSend size={16} />}
          disabled={count === 0}
          loading={sending}
          onClick={() => void send()}
          data-testid="email-confirm-send"
        >
          {t('tenants.emailConfirm.send', { count })}
        </Button>
      </Group>
    </Stack>
  );
}
