import { Button, SegmentedControl, Stack } from '@mantine/core';
import type { AuthLoginReply } from '@provisio/contract';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../components/QrCode';
import { LinphoneQr } from './LinphoneQr';
import { QrEmailForm } from './QrEmailForm';

export type AppChoice = 'acrobits' | 'linphone';

interface QrResultProps {
  qr: AuthLoginReply;
  username: string;
  app: AppChoice;
  onAppChange: (app: AppChoice) => void;
}

/**
 * What /getQR shows once the password was right: the app choice, the app's QR code and "Email QR Code". In a chunk
 * of its own (QrPage loads it while the password is typed), so the page's first load is the sign-in form only.
 * Mounted afresh (by key) for each sign-in, which closes the email form.
 */
export function QrResult({ qr, username, app, onAppChange }: QrResultProps) {
  const { t } = useTranslation();
  const [emailing, setEmailing] = useState(false);
  return (
    <>
      <SegmentedControl
        fullWidth
        value={app}
        onChange={(value) => onAppChange(value as AppChoice)}
        data={[
          { value: 'acrobits', label: t('endUser.qr.appAcrobits') },
          { value: 'linphone', label: t('endUser.qr.appLinphone') },
        ]}
        data-testid="qr-app-choice"
      />
      {app === 'linphone' && <LinphoneQr grant={qr.grant} />}
      {app === 'acrobits' && (
        <Stack align="center" gap="md" data-testid="qr-result">
          <QrCode value={qr.qrValue} title={t('endUser.qr.codeLabel')} testId="qr-code" />
          {emailing ? (
            <QrEmailForm
              defaultRecipient={username}
              qrValue={qr.qrValue}
              grant={qr.grant}
              onClose={() => setEmailing(false)}
            />
          ) : (
            <Button
              size="md"
              fullWidth
              leftSection={<IconMail size={18} />}
              onClick={() => setEmailing(true)}
              data-testid="qr-email"
            >
              {t('endUser.qr.emailButton')}
            </Button>
          )}
        </Stack>
      )}
    </>
  );
}
