import { Button, Loader, Stack, Text } from '@mantine/core';
import type { LinphoneLinkReply } from '@provisio/contract';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../components/QrCode';
import { isApiError } from '../../../lib/api';
import { useLinphoneLink } from '../api/linphone-link';

/**
 * The Linphone choice of /getQR: a QR code of a one-time remote-provisioning URL (Linphone's "Fetch remote
 * configuration" / QR assistant). Asked for once per sign-in; "New code" asks again.
 */
export function LinphoneQr({ grant }: { grant: string }) {
  const { t, i18n } = useTranslation();
  const mint = useLinphoneLink();
  const [link, setLink] = useState<LinphoneLinkReply | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const asked = useRef<string | null>(null);

  const ask = async () => {
    setFailure(null);
    try {
      setLink(await mint.mutateAsync({ grant }));
    } catch (error) {
      setLink(null);
      setFailure(isApiError(error) ? error.message : t('msg:linphoneGrantInvalid'));
    }
  };

  // Once per grant, also under React's double-run of effects in development.
  useEffect(() => {
    if (asked.current === grant) return;
    asked.current = grant;
    void ask();
    // Asks once per grant: `ask` is recreated on every render and must not re-trigger the request.
  }, [grant]);

  const until = link
    ? new Date(link.expires_at).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' })
    : '';
  return (
    <Stack align="center" gap="md" data-testid="linphone-qr">
      {link && (
        <>
          <QrCode value={link.url} title={t('endUser.qr.linphoneCodeLabel')} testId="linphone-qr-code" />
          <Text size="sm" c="dimmed" ta="center" data-testid="linphone-qr-hint">
            {t('endUser.qr.linphoneHint', { time: until })}
          </Text>
        </>
      )}
      {mint.isPending && !link && <Loader size="sm" />}
      {failure && (
        <Text c="red.7" size="sm" fw={500} role="alert" data-testid="linphone-qr-error">
          {failure}
        </Text>
      )}
      <Button
        variant="light"
        size="sm"
        leftSection={<IconRefresh size={16} />}
        loading={mint.isPending}
        onClick={() => void ask()}
        data-testid="linphone-qr-new"
      >
        {t('endUser.qr.linphoneNew')}
      </Button>
    </Stack>
  );
}
