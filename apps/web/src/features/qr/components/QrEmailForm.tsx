import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { EmailQrBody, isMessageKey } from '@provisio/contract';
import { IconCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { useEmailQr } from '../api/email-qr';

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
  const [recipient, setRecipient] = useState(defaultRecipient);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = EmailQrBody.safeParse({ recepient: recipient, qrValue, grant });
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message ?? '';
      return setError(t(`msg:${isMessageKey(key) ? key : 'emailInvalid'}`));
    }
    setError(null);
    try {
      const reply = await send.mutateAsync(parsed.data);
      setSent(reply.message ?? t('msg:qrEmailSent'));
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : t('errors.network'));
    }
  };

  if (sent) {
    return (
      <Alert color="teal" variant="light" icon={<IconCheck size={18} />} data-testid="qr-email-sent" w="100%">
        {sent}
      </Alert>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate style={{ width: '100%' }} data-testid="qr-email-form">
      <Stack gap="sm">
        <TextInput
          label={t('endUser.qr.recipient')}
          description={t('endUser.qr.recipientHint')}
          type="email"
          inputMode="email"
          autoCapitalize="none"
          size="md"
          value={recipient}
          onChange={(event) => setRecipient(event.currentTarget.value)}
          error={error}
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
