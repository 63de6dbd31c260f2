import { ThemeIcon } from '@mantine/core';
import type { CallRecordRow } from '@provisio/contract';
import { IconPhoneIncoming, IconPhoneOutgoing, IconPhoneX, IconRecordMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const ICONS = {
  Inbound: { Icon: IconPhoneIncoming, color: 'teal' },
  Outbound: { Icon: IconPhoneOutgoing, color: 'brand' },
  Missed: { Icon: IconPhoneX, color: 'red' },
  'Missed-VM': { Icon: IconRecordMail, color: 'red' },
} as const;

export const directionKey = (direction: CallRecordRow['direction']) =>
  direction === 'Missed-VM' ? 'missedVm' : direction.toLowerCase();

export function DirectionIcon({ direction, size = 30 }: { direction: CallRecordRow['direction']; size?: number }) {
  const { t } = useTranslation();
  const { Icon, color } = ICONS[direction];
  const label = t(`endUser.cdrs.direction.${directionKey(direction)}`);
  return (
    <ThemeIcon
      variant="light"
      color={color}
      radius="xl"
      size={size}
      aria-label={label}
      title={label}
      data-direction={direction}
    >
      <Icon size={size * 0.55} />
    </ThemeIcon>
  );
}
