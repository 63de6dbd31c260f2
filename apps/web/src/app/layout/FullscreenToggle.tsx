import { ActionIcon, Tooltip } from '@mantine/core';
import { useFullscreenDocument } from '@mantine/hooks';
import { IconMaximize, IconMinimize } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function FullscreenToggle() {
  const { t } = useTranslation();
  const { toggle, fullscreen } = useFullscreenDocument();
  const label = fullscreen ? t('header.exitFullscreen') : t('header.enterFullscreen');
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        onClick={() => void toggle()}
        aria-label={label}
        aria-pressed={fullscreen}
        data-testid="fullscreen-toggle"
      >
        {fullscreen ? <IconMinimize size={20} /> : <IconMaximize size={20} />}
      </ActionIcon>
    </Tooltip>
  );
}
