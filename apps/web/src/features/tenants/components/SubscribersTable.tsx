import { Box, Select, Switch } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import {
  EXTENSION_DEFAULT_PAGE_SIZE,
  EXTENSION_PAGE_SIZES,
  LIFECYCLE_FILTERS,
  type APP_COLUMNS,
  type ExtensionRow,
  type LifecycleFilter,
  type TenantRow,
} from '@provisio/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../app/use-current-user';
import { DataTable, type DeleteAction } from '../../../components/DataTable';
import type { ListParams } from '../../../lib/api';
import { appsMark, saveBootView } from '../../../lib/boot-view';
import { primedInFrame } from '../../../lib/boot-view-prime';
import { requestLanguage } from '../../../lib/i18n';
import { getSession } from '../../../lib/session';
import { deleteExtension } from '../api/delete-extension';
import { tenantKeys } from '../api/keys';
import { FIRST_PAGE, type ExtensionFilters, isFiltered, listExtensions, NO_FILTERS } from '../api/list-extensions';
import { useLastProvisioned } from '../api/get-last-provisioned';
import { useUpdateExtensionApp } from '../api/update-extension-app';
import { ColumnChooser } from './ColumnChooser';
import { QuickFilters } from './QuickFilters';
import { checkAllState, shownAppColumns, type Selection } from './selection';
import { HIDEABLE_COLUMNS, SubscriberRowActions, subscriberColumns } from './subscriber-columns';

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

/**
 * The columns of spec §2, paged, searched and filtered on the server so a tenant of 10,000 extensions stays quick.
 * Made for 1280-1440 px screens (issue #19): compact rows, long texts cut with their whole value on hover, the row's
 * actions kept in view at the right, and a column chooser remembered per user in this browser.
 */
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
  const { username } = useCurrentUser();
  const provisioned = useLastProvisioned(tenant.tid).data;
  const [page, setPage] = useState<{ rows: ExtensionRow[]; params: ListParams }>({ rows: [], params: {} });
  const toggle = useUpdateExtensionApp();
  const shown = shownAppColumns(tenant);
  const tid = tenant.tid;
  const [hidden, setHidden] = useLocalStorage<string[]>({
    key: `provisio.subscribers.hidden.${username}`,
    defaultValue: [],
    getInitialValueInEffect: false,
  });

  const [filters, setFilters] = useState<ExtensionFilters>(NO_FILTERS);
  const fetcher = useCallback((params: ListParams) => listExtensions(tid, params, filters), [tid, filters]);
  const onPageChange = useCallback((next: { rows: ExtensionRow[]; params: ListParams }) => setPage(next), []);
  useBootViewCopy(tid, appsMark(tenant), page, filters, selected);

  const columns = useMemo(() => {
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
    return subscriberColumns({
      t,
      language: i18n.language,
      selected,
      rows: page.rows,
      allState: checkAllState(selected, page.rows),
      onSelectedChange,
      provisioned,
      shown,
      appSwitch,
      onResend,
    });
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
    onResend,
  ]);

  const chooser = useMemo(
    () =>
      columns
        .filter((c) => (HIDEABLE_COLUMNS as readonly string[]).includes(c.key))
        .map((c) => ({ key: c.key, label: String(c.header) })),
    [columns],
  );
  const rowActions = useCallback(
    (r: ExtensionRow) => <SubscriberRowActions row={r} t={t} onSendLink={onSendLink} onEdit={onEdit} />,
    [t, onSendLink, onEdit],
  );

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
      queryKey={isFiltered(filters) ? [...tenantKeys.extensions(tid), filters] : tenantKeys.extensions(tid)}
      fetcher={fetcher}
      columns={columns}
      hiddenColumns={hidden}
      rowKey={(r) => r.id}
      rowActions={rowActions}
      stickyActions
      compact
      initialSort={{ key: FIRST_PAGE.sort!, order: FIRST_PAGE.order! }}
      pageSizes={EXTENSION_PAGE_SIZES}
      defaultPageSize={EXTENSION_DEFAULT_PAGE_SIZE}
      maxPageLinks={PAGE_LINKS}
      minTableWidth={960}
      onPageChange={onPageChange}
      onDelete={onDelete}
      toolbar={
        <>
          <Select
            size="sm"
            w={230}
            clearable
            placeholder={t('tenants.lifecycle.filterAll')}
            aria-label={t('tenants.lifecycle.filter')}
            data={LIFECYCLE_FILTERS.map((f) => ({ value: f, label: t(`tenants.lifecycle.filters.${f}`) }))}
            value={filters.lifecycle}
            onChange={(v) => setFilters((f) => ({ ...f, lifecycle: v as LifecycleFilter | null }))}
            comboboxProps={{ withinPortal: true }}
            data-testid="ext-lifecycle-filter"
          />
          <ColumnChooser columns={chooser} hidden={hidden} onChange={setHidden} testId="ext-columns" />
          {/* A line of its own under the search. */}
          <Box w="100%">
            <QuickFilters value={filters.quick} onChange={(quick) => setFilters((f) => ({ ...f, quick }))} />
          </Box>
        </>
      }
    />
  );
}

/**
 * The page settles (its other queries answer, the rest of the rows draw) before it is kept; in the hidden frame that
 * primes the copy (lib/boot-view-prime.ts) nobody waits to see it, and only its first row is kept: sooner.
 */
const BOOT_VIEW_DELAY_MS = 800;
const PRIMED_DELAY_MS = 200;

/** The columns boot.js fills from the reply's fields of the same names; the check box is kept, the rest emptied. */
const BOOT_FIELDS = ['extension', 'domain', 'site_name', 'firstname', 'lastname', 'email'] as const;

/**
 * Keeps the screen as drawn for the boot view (lib/boot-view.ts), once a visit, when the table shows the first page
 * that public/boot.js asks for (default sort, no search, no filter, nothing selected), the page having settled.
 */
function useBootViewCopy(
  tid: string,
  apps: string,
  page: { rows: ExtensionRow[]; params: ListParams },
  filters: ExtensionFilters,
  selected: Selection,
) {
  const first =
    page.rows.length > 0 &&
    !isFiltered(filters) &&
    selected.size === 0 &&
    !page.params.search &&
    page.params.sort === FIRST_PAGE.sort &&
    page.params.order === FIRST_PAGE.order &&
    page.params.offset === 0 &&
    page.params.limit === FIRST_PAGE.limit;
  const saved = useRef(false);
  useEffect(() => {
    if (!first || saved.current) return;
    const root = document.getElementById('root');
    if (!root || window.location.pathname !== '/tenants') return;
    const delay = primedInFrame() ? PRIMED_DELAY_MS : BOOT_VIEW_DELAY_MS;
    const timer = setTimeout(() => {
      saveBootView(
        root,
        { path: '/tenants', tenant: tid, apps, lang: requestLanguage(), token: getSession().token },
        {
          rowSelector: '[data-testid="extensions-row"]',
          fields: BOOT_FIELDS,
          keep: ['select'],
          rowTestId: 'extensions-row',
          tenantInput: 'input[data-testid="tenants-tenant"]',
        },
      );
      saved.current = true;
    }, delay);
    return () => clearTimeout(timer);
  }, [first, tid, apps]);
}
