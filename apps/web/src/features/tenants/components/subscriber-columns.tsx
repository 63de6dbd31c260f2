import { ActionIcon, Checkbox } from '@mantine/core';
import type { APP_COLUMNS, ExtensionRow } from '@provisio/contract';
import { IconPencil, IconQrcode } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { DataColumn } from '../../../components/DataTable';
import { LifecycleCell } from './LifecycleCell';
import classes from './subscribers.module.css';
import { type CheckAllState, toggleAll, toggleOne, type Selection } from './selection';

/** Columns a user may hide from the subscribers table (the column chooser); the others always show. */
export const HIDEABLE_COLUMNS = [
  'domain',
  'site_name',
  'firstname',
  'lastname',
  'admin',
  'email',
  'linked',
  'lifecycle',
] as const;
export type HideableColumn = (typeof HIDEABLE_COLUMNS)[number];

type AppColumn = (typeof APP_COLUMNS)[number];

export interface ColumnContext {
  t: TFunction;
  language: string;
  selected: Selection;
  rows: readonly ExtensionRow[];
  allState: CheckAllState;
  onSelectedChange: (next: Selection) => void;
  provisioned: ReadonlyMap<string, number> | undefined;
  shown: Record<AppColumn, boolean>;
  appSwitch: (column: AppColumn, label: string) => (r: ExtensionRow) => ReactNode;
  onResend: (row: ExtensionRow) => void;
}

const yesNo = (value: boolean, yes: string, no: string, testId: string) => (
  <span className={classes.flag} data-testid={testId} data-value={value}>
    {value ? yes : no}
  </span>
);

/**
 * A text cell on one line, cut with an ellipsis at `width`; the whole value in the native tooltip (a page holds up to
 * 200 rows: a floating tooltip per cell would cost more than the rows).
 */
const cut = (value: string, width: number) => (
  <span className={classes.cut} style={{ maxWidth: width }} title={value}>
    {value}
  </span>
);

/** The spec §2 columns of the subscribers table, in order; the row actions (send link, edit, delete) are apart. */
export function subscriberColumns(c: ColumnContext): DataColumn<ExtensionRow>[] {
  const { t } = c;
  const cols: (DataColumn<ExtensionRow> | false)[] = [
    {
      key: 'select',
      width: 36,
      header: (
        <Checkbox
          aria-label={t('tenants.checkAll')}
          checked={c.allState === 'all'}
          indeterminate={c.allState === 'some'}
          disabled={c.rows.length === 0}
          onChange={() => c.onSelectedChange(toggleAll(c.selected, c.rows))}
          data-testid="ext-check-all"
        />
      ),
      cell: (r) => (
        <Checkbox
          aria-label={t('tenants.checkOne', { extension: r.extension })}
          checked={c.selected.has(r.id)}
          onChange={() => c.onSelectedChange(toggleOne(c.selected, r))}
          data-testid={`ext-check-${r.extension}`}
        />
      ),
    },
    {
      key: 'extension',
      header: t('fields.extension'),
      sortable: true,
      cell: (r) => <span className={classes.extension}>{r.extension}</span>,
    },
    { key: 'domain', header: t('fields.domain'), sortable: true, cell: (r) => cut(r.domain, 170) },
    { key: 'site_name', header: t('tenants.site'), sortable: true, cell: (r) => cut(r.site_name, 130) },
    { key: 'firstname', header: t('tenants.firstName'), sortable: true, cell: (r) => cut(r.firstname, 120) },
    { key: 'lastname', header: t('tenants.lastName'), sortable: true, cell: (r) => cut(r.lastname, 120) },
    {
      key: 'admin',
      header: t('tenants.admin'),
      sortable: true,
      cell: (r) => yesNo(r.admin, t('common.yes'), t('common.no'), `ext-admin-${r.extension}`),
    },
    { key: 'email', header: t('fields.email'), sortable: true, cell: (r) => cut(r.email, 210) },
    {
      key: 'linked',
      header: t('tenants.linked'),
      sortable: true,
      cell: (r) => {
        const at = c.provisioned?.get(r.extension);
        return (
          <>
            {yesNo(r.linked, t('common.yes'), t('common.no'), `ext-linked-${r.extension}`)}
            {at !== undefined && (
              <span
                className={classes.note}
                title={new Date(at).toLocaleString(c.language)}
                data-testid={`ext-provisioned-${r.extension}`}
              >
                {t('tenants.provisionedAt', { date: new Date(at).toLocaleDateString(c.language) })}
              </span>
            )}
          </>
        );
      },
    },
    {
      key: 'lifecycle',
      header: t('tenants.lifecycle.column'),
      cell: (r) => <LifecycleCell row={r} onResend={c.onResend} />,
    },
    c.shown.mobile_app_allowed && {
      key: 'mobile_app_allowed',
      header: t('tenants.mobileApp'),
      sortable: true,
      cell: c.appSwitch('mobile_app_allowed', t('tenants.mobileApp')),
    },
    c.shown.desktop_app_allowed && {
      key: 'desktop_app_allowed',
      header: t('tenants.desktopApp'),
      sortable: true,
      cell: c.appSwitch('desktop_app_allowed', t('tenants.desktopApp')),
    },
  ];
  return cols.filter((col): col is DataColumn<ExtensionRow> => col !== false);
}

/** Send link and Edit of one row, in the table's actions column (kept in view on the right). */
export function SubscriberRowActions(props: {
  row: ExtensionRow;
  t: TFunction;
  onSendLink: (row: ExtensionRow) => void;
  onEdit: (row: ExtensionRow) => void;
}) {
  const { row: r, t } = props;
  return (
    <>
      <ActionIcon
        variant="subtle"
        title={t('tenants.emailQr')}
        aria-label={`${t('tenants.sendLink')} ${r.extension}`}
        onClick={() => props.onSendLink(r)}
        data-testid={`ext-send-${r.extension}`}
      >
        <IconQrcode size={18} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        title={t('table.edit')}
        aria-label={`${t('table.edit')} ${r.extension}`}
        onClick={() => props.onEdit(r)}
        data-testid={`ext-edit-${r.extension}`}
      >
        <IconPencil size={18} />
      </ActionIcon>
    </>
  );
}
