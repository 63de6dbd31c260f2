import { Code, Group, Stack, Text } from '@mantine/core';
import type { TwoFactorSetupReply } from '@provisio/contract';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';

/** The new secret as a QR code for an authenticator app, and as text to type in by hand. */
export function QrSecret({ setup }: { setup: TwoFactorSetupReply }) {
  const { t } = useTranslation();
  const grouped = setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret;
  return (
    <Group align="center" gap="lg" wrap="wrap">
      <div style={{ background: 'white', padding: 8, borderRadius: 8, lineHeight: 0 }} data-testid="two-factor-qr">
        <QRCodeSVG value={setup.otpauth_uri} size={168} marginSize={0} title={t('twoFactor.qrTitle')} />
      </div>
      <Stack gap={4} style={{ flex: '1 1 200px', minWidth: 0 }}>
        <Text size="sm">{t('twoFactor.scan')}</Text>
        <Text size="sm" c="dimmed">
          {t('twoFactor.secretLabel')}
        </Text>
        <Code fz="sm" style={{ wordBreak: 'break-all' }} data-testid="two-factor-secret" data-secret={setup.secret}>
          {grouped}
        </Code>
      </Stack>
    </Group>
  );
}
