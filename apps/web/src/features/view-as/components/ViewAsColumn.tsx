import { ActionIcon, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ViewAsTarget, ViewAsDialog } from './ViewAsDialog';

/** The 'View as' button of a row; null for an account that cannot be viewed (an administrator, an inactive user). */
export function ViewAsButton({ target, onPick }: { target: ViewAsTarget; onPick: (t: ViewAsTarget) => void }) {
  const { t } = useTranslation();
  const label = t('viewAs.action', { name: target.name });
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="light"
        color="orange"
        aria-label={label}
        onClick={(event) => {
          event.stopPropagation();
          onPick(target);
        }}
        data-testid={`view-as-${target.principal_type}-${target.id}`}
      >
        <IconEye size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * A 'View as' column for the Users and Reseller Users tables (composed in app/): `targetOf` names the account of a
 * row, or null when it cannot be viewed. Returns the column and the dialog the page renders once.
 */
export function useViewAsColumn<T>(targetOf: (row: T) => ViewAsTarget | null): {
  column: { key: string; header: string; cell: (row: T) => ReactNode; width: number };
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<ViewAsTarget | null>(null);
  const column = useMemo(
    () => ({
      key: 'view_as',
      header: t('viewAs.column'),
      width: 90,
      cell: (row: T) => {
        const target = targetOf(row);
        return target ? <ViewAsButton target={target} onPick={setPicked} /> : null;
      },
    }),
    [t, targetOf],
  );
  return { column, dialog: <ViewAsDialog target={picked} onClose={() => setPicked(null)} /> };
}
