import { Box } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';

interface QrCodeProps {
  value: string;
  /** The code's accessible name. */
  title: string;
  testId: string;
  /** On a white card with a border (end-user pages), or bare (inside a dialog). */
  framed?: boolean;
}

/** A QR code as the apps scan it: 232 px, no quiet zone of its own (the frame gives it one), error level M. */
export function QrCode({ value, title, testId, framed = true }: QrCodeProps) {
  const code = <QRCodeSVG value={value} size={232} marginSize={0} level="M" title={title} data-testid={testId} />;
  if (!framed) return code;
  return (
    <Box p="md" bg="white" style={{ borderRadius: 12, border: '1px solid var(--mantine-color-gray-3)' }}>
      {code}
    </Box>
  );
}
