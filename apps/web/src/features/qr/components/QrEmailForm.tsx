import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matches } from '../../../lib/form';
import { useContractForm } from '../../../lib/use-contract-form';
import { useEmailQr } from '../api/email-qr';
import { contractSchema } from '../../../lib/contract';

interface QrEmailFormProps {
  /** The account's username, which is its email: the default recipient. */
  defaultRecipient: string;
  qrValue: string;
  grant: string;
  onClose: () => void;
}

/** Asks for (or confirms) the recipient, then mails the QR code as an image. */
export function QrEmailForm({ defaultRecipient, qrValue, grant, onClose }: QrEmailFormProps) {
  const { t } = useTranslation();
  const send = useEmailQr();
  const [sent, setSent] = useState<string | null>(null);
  // The field has the contract's (misspelt) name, so its refusals land on it; the server's show under it too.
  const body = ({ recepient }: { recepient: string }) => ({ recepient, qrValue, grant });
  const { field, message, submit } = useContractForm(
    { recepient: defaultRecipient },
    matches(contractSchema('EmailQrBody'), body),
    {
      refusals: 'inline',
    },
  );
  const onSubmit = submit(
    async (values) => send.mutateAsync((await contractSchema('EmailQrBody').load()).parse(body(values))),
    // Issue #20: the server queues the message; it may arrive later or not at all, so the page says queued, not sent.
    (_reply, values) => setSent(t('endUser.qr.emailQueued', { to: values.recepient.trim() })),
  );
  const recipient = field('recepient');

  if (sent) {
    return (
      <Alert color="blue" variant="light" icon={<IconMailForward size={18} />} data-testid="qr-email-sent" w="100%">
        {sent}
      </Alert>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate style={{ width: '100%' }} data-testid="qr-email-form">
      <Stack gap="sm">
        <TextInput
          label={t('endUser.qr.recipient')}
          description={t('endUser.qr.recipientHint')}
          type="email"
          inputMode="email"
          autoCapitalize="none"
          size="md"
          {...recipient}
          error={recipient.error ?? message}
          data-testid="qr-email-recipient"
        />
        <Group grow>
          <Button variant="default" size="md" onClick={onClose} data-testid="qr-email-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="submit" size="md" loading={send.isPending} data-testid="qr-email-send">
            {t('endUser.qr.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
