import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';

/** Mantine's tooltip, in its own chunk: FullscreenToggle fetches it when first pointed at. */
export function HoverTooltip({ label, children }: { label: string; children: ReactElement }) {
  return <Tooltip label={label}>{children}</Tooltip>;
}
