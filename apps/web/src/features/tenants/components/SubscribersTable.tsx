import { ActionIcon, Badge, Checkbox, Group, Select, Switch, Text } from '@mantine/core';
import {
  EXTENSION_DEFAULT_PAGE_SIZE,
  EXTENSION_PAGE_SIZES,
  LIFECYCLE_FILTERS,
  type APP_COLUMNS,
  type ExtensionRow,
  type LifecycleFilter,
  type TenantRow,
} from '@provisio/contract';
import { IconPencil, IconQrcode } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn, type DeleteAction } from '../../../components/DataTable';
import type { ListParams } from '../../../lib/api';
import { deleteExtension } from '../api/delete-extension';
import { tenantKeys } from '../api/keys';
import { FIRST_PAGE, listExtensions } from '../api/list-extensions';
import { useLastProvisioned } from '../api/get-last-provisioned';
import { useUpdateExtensionApp } from '../api/update-extension-app';
import { LifecycleCell } from './LifecycleCell';
import { checkAllState, shownAppColumns, toggleAll, toggleOne, type Selection } from './selection';

/** Spec §2: seven page links on the subscribers table. */
const PAGE_LINKS = 7;

interface SubscribersTableProps {
  tenant: TenantRow;
  selected: Selection;
  onSelectedChange: (next: Selection) => void;
  onSendLink: (row: ExtensionRow) => void;
  onEdit: (row: ExtensionRow) => void;
  /** Sends a linked extension's invitation again (issue #14). */
  onResend: (row: ExtensionRow) => void;
  /** Admins on a platform that can remove extensions get a per-row delete. */
  canDelete: boolean;
}

const yesNo = (value: boolean, yes: string, no: string, testId: string) => (
  <Badge variant="light" color={value ? 'teal' : 'gray'} size="sm" data-testid={testId} data-value={value}>
    {value ? yes : no}
  </Badge>
);

/** The 13 columns of spec §2, paged and searched on the server so a tenant of 10,000 extensions stays quick. */
export function SubscribersTable({
  tenant,
  selected,
  onSelectedChange,
  onSendLink,
  onEdit,
  onResend,
  canDelete,
}: SubscribersTableProps) {
  const { t, i18n } = useTranslation();
  const provisioned = useLastProvisioned(tenant.tid).data;
  const [page, setPage] = useState<{ rows: ExtensionRow[]; params: ListParams }>({ rows: [], params: {} });
  const toggle = useUpdateExtensionApp();
  const shown = shownAppColumns(tenant);
  const tid = tenant.tid;

  const [lifecycle, setLifecycle] = useState<LifecycleFilter | null>(null);
  const fetcher = useCallback(
    (params: ListParams) => listExtensions(tid, params, lifecycle ?? undefined),
    [tid, lifecycle],
  );
  const onPageChange = useCallback((next: { rows: ExtensionRow[]; params: ListParams }) => setPage(next), []);

  const columns = useMemo<DataColumn<ExtensionRow>[]>(() => {
    const all = checkAllState(selected, page.rows);
    const appSwitch = (column: (typeof APP_COLUMNS)[number], label: string) => (r: ExtensionRow) => (
      <Switch
        checked={r[column]}
        aria-label={`${label} ${r.extension}`}
        disabled={toggle.isPending && toggle.variables?.id === r.id}
        onChange={(e) =>
          toggle.mutate({
            id: r.id,
            tenant_id: tid,
            column_name: column,
            value: e.currentTarget.checked ? 'true' : 'false',
            ...page.params,
          })
        }
        data-testid={`ext-${column === 'mobile_app_allowed' ? 'mobile' : 'desktop'}-${r.extension}`}
      />
    );
    const cols: (DataColumn<ExtensionRow> | false)[] = [
      {
        key: 'select',
        width: 40,
        header: (
          <Checkbox
            aria-label={t('tenants.checkAll')}
            checked={all === 'all'}
            indeterminate={all === 'some'}
            disabled={page.rows.length === 0}
            onChange={() => onSelectedChange(toggleAll(selected, page.rows))}
            data-testid="ext-check-all"
          />
        ),
        cell: (r) => (
          <Checkbox
            aria-label={t('tenants.checkOne', { extension: r.extension })}
            checked={selected.has(r.id)}
            onChange={() => onSelectedChange(toggleOne(selected, r))}
            data-testid={`ext-check-${r.extension}`}
          />
        ),
      },
      {
        key: 'extension',
        header: t('fields.extension'),
        sortable: true,
        cell: (r) => (
          <Text fw={600} size="sm">
            {r.extension}
          </Text>
        ),
      },
      { key: 'domain', header: t('fields.domain'), sortable: true, cell: (r) => r.domain },
      { key: 'site_name', header: t('tenants.site'), sortable: true, cell: (r) => r.site_name },
      { key: 'firstname', header: t('tenants.firstName'), sortable: true, cell: (r) => r.firstname },
      { key: 'lastname', header: t('tenants.lastName'), sortable: true, cell: (r) => r.lastname },
      {
        key: 'admin',
        header: t('tenants.admin'),
        sortable: true,
        cell: (r) => yesNo(r.admin, t('common.yes'), t('common.no'), `ext-admin-${r.extension}`),
      },
      {
        key: 'email',
        header: t('fields.email'),
        sortable: true,
        cell: (r) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {r.email}
          </Text>
        ),
      },
      {
        key: 'linked',
        header: t('tenants.linked'),
        sortable: true,
        cell: (r) => {
          const at = provisioned?.get(r.extension);
          return (
            <>
              {yesNo(r.linked, t('common.yes'), t('common.no'), `ext-linked-${r.extension}`)}
              {at !== undefined && (
                <Text
                  size="xs"
                  c="dimmed"
                  title={new Date(at).toLocaleString(i18n.language)}
                  data-testid={`ext-provisioned-${r.extension}`}
                >
                  {t('tenants.provisionedAt', { date: new Date(at).toLocaleDateString(i18n.language) })}
                </Text>
              )}
            </>
          );
        },
      },
      {
        key: 'lifecycle',
        header: t('tenants.lifecycle.column'),
        cell: (r) => <LifecycleCell row={r} onResend={onResend} />,
      },
      shown.mobile_app_allowed && {
        key: 'mobile_app_allowed',
        header: t('tenants.mobileApp'),
        sortable: true,
        cell: appSwitch('mobile_app_allowed', t('tenants.mobileApp')),
      },
      shown.desktop_app_allowed && {
        key: 'desktop_app_allowed',
        header: t('tenants.desktopApp'),
        sortable: true,
        cell: appSwitch('desktop_app_allowed', t('tenants.desktopApp')),
      },
      {
        key: 'send',
        header: t('tenants.sendLink'),
        cell: (r) => (
          // A title, not a Tooltip: a page holds up to 200 rows and each Tooltip costs a floating element.
          <ActionIcon
            variant="subtle"
            title={t('tenants.emailQr')}
            aria-label={`${t('tenants.sendLink')} ${r.extension}`}
            onClick={() => onSendLink(r)}
            data-testid={`ext-send-${r.extension}`}
          >
            <IconQrcode size={18} />
          </ActionIcon>
        ),
      },
      {
        key: 'edit',
        header: t('table.edit'),
        cell: (r) => (
          <ActionIcon
            variant="subtle"
            aria-label={`${t('table.edit')} ${r.extension}`}
            onClick={() => onEdit(r)}
            data-testid={`ext-edit-${r.extension}`}
          >
            <IconPencil size={18} />
          </ActionIcon>
        ),
      },
    ];
    return cols.filter((c): c is DataColumn<ExtensionRow> => c !== false);
  }, [
    t,
    i18n.language,
    provisioned,
    selected,
    page,
    shown.mobile_app_allowed,
    shown.desktop_app_allowed,
    toggle,
    tid,
    onSelectedChange,
    onSendLink,
    onEdit,
    onResend,
  ]);

  const onDelete: DeleteAction<ExtensionRow> | undefined = canDelete
    ? {
        title: t('tenants.deleteTitle'),
        message: (r) => t('tenants.deleteMessage', { extension: r.extension }),
        run: (r) => deleteExtension(tid, r.extension),
      }
    : undefined;

  return (
    <DataTable
      testId="extensions"
      // Unfiltered, the key is the one the tenants page prefetches.
      queryKey={lifecycle ? [...tenantKeys.extensions(tid), lifecycle] : tenantKeys.extensions(tid)}
      fetcher={fetcher}
      columns={columns}
      rowKey={(r) => r.id}
      initialSort={{ key: FIRST_PAGE.sort!, order: FIRST_PAGE.order! }}
      pageSizes={EXTENSION_PAGE_SIZES}
      defaultPageSize={EXTENSION_DEFAULT_PAGE_SIZE}
      maxPageLinks={PAGE_LINKS}
      minTableWidth={1410}
      onPageChange={onPageChange}
      onDelete={onDelete}
      toolbar={
        <Group gap="sm" wrap="nowrap">
          <Select
            size="sm"
            w={260}
            clearable
            placeholder={t('tenants.lifecycle.filterAll')}
            aria-label={t('tenants.lifecycle.filter')}
            data={LIFECYCLE_FILTERS.map((f) => ({ value: f, label: t(`tenants.lifecycle.filters.${f}`) }))}
            value={lifecycle}
            onChange={(v) => setLifecycle(v as LifecycleFilter | null)}
            comboboxProps={{ withinPortal: true }}
            data-testid="ext-lifecycle-filter"
          />
          {selected.size > 0 && (
            <Text size="sm" c="dimmed" data-testid="ext-selected-count">
              {t('tenants.selectedCount', { count: selected.size })}
            </Text>
          )}
        </Group>
      }
    />
  );
}
