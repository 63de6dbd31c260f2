import { ActionIcon } from '@mantine/core';
import { useFullscreenDocument } from '@mantine/hooks';
import { IconMaximize, IconMinimize } from '@tabler/icons-react';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';

const HoverTooltip = lazy(async () => ({ default: (await import('../../components/HoverTooltip')).HoverTooltip }));

/** Its tooltip (positioning code the shell's first screen does not need) is fetched when first pointed at. */
export function FullscreenToggle() {
  const { t } = useTranslation();
  const { toggle, fullscreen } = useFullscreenDocument();
  const [pointed, setPointed] = useState(false);
  const label = fullscreen ? t('header.exitFullscreen') : t('header.enterFullscreen');
  const button = (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      onClick={() => void toggle()}
      onPointerEnter={() => setPointed(true)}
      aria-label={label}
      aria-pressed={fullscreen}
      data-testid="fullscreen-toggle"
    >
      {fullscreen ? <IconMinimize size={20} /> : <IconMaximize size={20} />}
    </ActionIcon>
  );
  if (!pointed) return button;
  return (
    <Suspense fallback={button}>
      <HoverTooltip label={label}>{button}</HoverTooltip>
    </Suspense>
  );
}
