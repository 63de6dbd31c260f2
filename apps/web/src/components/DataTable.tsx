import { Box, Button, Center, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@provisio/contract';
import { IconDatabaseOff, IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type PaginationState,
  type SortingState,
} from '@tanstack/react-table';
import { Fragment, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListPage, ListParams } from '../lib/api';
import { DeleteConfirm, type DeleteAction } from './DeleteConfirm';
import { RowActions, SearchBox, SortButton, TableFooter } from './TableControls';
import { useFirstPaintRows } from './use-first-paint-rows';

export type { DeleteAction } from './DeleteConfirm';

export interface DataColumn<T> {
  /** Column id; for a sortable column also the server's sort key. */
  key: string;
  /** Text, or an element (a 'check all' box); sortable columns use text. */
  header: ReactNode;
  cell: (row: T) => ReactNode;
  sortable?: boolean;
  width?: number | string;
}

export interface DataTableProps<T> {
  /** Key prefix of the list's queries; invalidating it refetches the table. */
  queryKey: readonly unknown[];
  /** Reads one page from the server with the ListQuery fields; the total comes from X-Total-Count. */
  fetcher: (params: ListParams) => Promise<ListPage<T>>;
  columns: DataColumn<T>[];
  rowKey: (row: T) => string | number;
  /** Prefix of every test id inside the table. */
  testId: string;
  searchable?: boolean;
  initialSort?: { key: string; order: 'asc' | 'desc' };
  addLabel?: string;
  onAdd?: () => void;
  onEdit?: (row: T) => void;
  onDelete?: DeleteAction<T>;
  /** Content shown under a row when it is clicked (the audit trail's before/after). */
  renderExpanded?: (row: T) => ReactNode;
  /** Extra filters next to the search box. */
  toolbar?: ReactNode;
  emptyText?: string;
  /** Page sizes offered (default 10/20/30) and the first one shown (default 10). */
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  /** Numbered page links shown at most (default 4). */
  maxPageLinks?: number;
  /** Below this width the table scrolls sideways (default 560 px). */
  minTableWidth?: number;
  /** Told the rows on screen and the paging that fetched them (for 'check all' and replies that refresh a page). */
  onPageChange?: (page: { rows: T[]; params: ListParams }) => void;
  /** Extra action icons of a row, before edit and delete in the actions column. */
  rowActions?: (row: T) => ReactNode;
  /** Keeps the actions column in view on the right while the other columns scroll sideways (wide tables). */
  stickyActions?: boolean;
  /** Keys of the columns not shown (a column chooser's choice). */
  hiddenColumns?: readonly string[];
  /** Tighter rows, for long lists. */
  compact?: boolean;
}

/** The actions cell of a wide table stays at the right edge, over the columns scrolling under it. */
const STICKY: CSSProperties = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset 1px 0 0 var(--mantine-color-default-border)',
};

/**
 * The one table of the admin screens: server-side search, sort and paging (so 5,000 rows stay instant), 10/20/30
 * rows a page with four page links, an empty state, edit and delete (with a confirm), and 'Add New'.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { queryKey, fetcher, rowKey, testId, searchable = true, onEdit, onDelete, renderExpanded, rowActions } = props;
  const { hiddenColumns } = props;
  const columns = useMemo(
    () => (hiddenColumns?.length ? props.columns.filter((c) => !hiddenColumns.includes(c.key)) : props.columns),
    [props.columns, hiddenColumns],
  );
  const sticky = props.stickyActions ? STICKY : undefined;
  const { t } = useTranslation();
  // Only the debounced term lives here: keystrokes re-render the search box, not a page of rows.
  const [debounced, setDebounced] = useState('');
  const [sorting, setSorting] = useState<SortingState>(
    props.initialSort ? [{ id: props.initialSort.key, desc: props.initialSort.order === 'desc' }] : [],
  );
  const pageSizes = props.pageSizes ?? PAGE_SIZES;
  const [pagination, setPagination] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: props.defaultPageSize ?? DEFAULT_PAGE_SIZE,
  });
  const [expanded, setExpanded] = useState<string | number | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);

  // A new search or new filters (part of the key) start from the first page.
  const keyText = JSON.stringify(queryKey);
  useEffect(() => setPagination((p) => ({ ...p, pageIndex: 0 })), [debounced, keyText]);

  const params: ListParams = {
    search: debounced || undefined,
    sort: sorting[0]?.id,
    order: sorting[0] ? (sorting[0].desc ? 'desc' : 'asc') : undefined,
    limit: pagination.pageSize,
    offset: pagination.pageIndex * pagination.pageSize,
  };
  const query = useQuery({
    queryKey: [...queryKey, params],
    queryFn: () => fetcher(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const rows = useMemo(() => query.data?.rows ?? [], [query.data]);
  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pagination.pageSize));
  const { onPageChange } = props;
  const paramsText = JSON.stringify(params);
  useEffect(() => {
    if (query.data && !query.isPlaceholderData) onPageChange?.({ rows, params: JSON.parse(paramsText) as ListParams });
  }, [rows, paramsText, query.data, query.isPlaceholderData, onPageChange]);

  // After a delete emptied the last page, show the page before it.
  useEffect(() => {
    if (query.data && rows.length === 0 && total > 0 && pagination.pageIndex > 0) {
      setPagination((p) => ({ ...p, pageIndex: Math.max(0, pageCount - 1) }));
    }
  }, [query.data, rows.length, total, pagination.pageIndex, pageCount]);

  const tableColumns = useMemo<ColumnDef<T, null>[]>(
    // The server sorts; an accessor is only there because react-table sorts accessor columns alone.
    () =>
      columns.map((c) => ({
        id: c.key,
        header: typeof c.header === 'string' ? c.header : () => c.header,
        accessorFn: () => null,
        enableSorting: !!c.sortable,
        sortDescFirst: false,
        cell: ({ row }) => c.cell(row.original),
      })),
    [columns],
  );
  const table = useReactTable({
    data: rows,
    columns: tableColumns,
    state: { sorting, pagination },
    onSortingChange: (updater) => {
      setSorting(updater);
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    },
    onPaginationChange: setPagination,
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
    rowCount: total,
    getCoreRowModel: getCoreRowModel(),
  });
  const body = useRef<HTMLTableSectionElement>(null);
  const shownRows = useFirstPaintRows(table.getRowModel().rows, body);

  const hasActions = !!onEdit || !!onDelete || !!rowActions;
  const colSpan = columns.length + (hasActions ? 1 : 0);

  return (
    // data-search: the search whose rows are shown (absent while a new search's rows are on their way).
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid={testId}
      data-search={query.data && !query.isPlaceholderData ? debounced : undefined}
    >
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="wrap" style={{ flex: 1 }}>
            {searchable && <SearchBox label={t('table.search')} onSearch={setDebounced} testId={`${testId}-search`} />}
            {props.toolbar}
          </Group>
          {props.onAdd && (
            <Button leftSection={<IconPlus size={16} />} onClick={props.onAdd} data-testid={`${testId}-add`}>
              {props.addLabel ?? t('table.addNew')}
            </Button>
          )}
        </Group>

        <Box style={{ overflowX: 'auto' }}>
          <Table
            striped={!sticky}
            highlightOnHover
            verticalSpacing={props.compact ? 6 : 'sm'}
            horizontalSpacing={props.compact ? 'xs' : 'sm'}
            fz={props.compact ? 'sm' : undefined}
            miw={props.minTableWidth ?? 560}
            data-testid={`${testId}-table`}
          >
            <Table.Thead>
              {table.getHeaderGroups().map((group) => (
                <Table.Tr key={group.id}>
                  {group.headers.map((header) => {
                    const column = columns.find((c) => c.key === header.column.id);
                    return (
                      <Table.Th
                        key={header.id}
                        w={column?.width}
                        style={{ whiteSpace: 'nowrap' }}
                        aria-sort={
                          header.column.getIsSorted() === 'asc'
                            ? 'ascending'
                            : header.column.getIsSorted() === 'desc'
                              ? 'descending'
                              : undefined
                        }
                      >
                        {header.column.getCanSort() ? (
                          <SortButton
                            label={String(header.column.columnDef.header)}
                            sorted={header.column.getIsSorted()}
                            onClick={header.column.getToggleSortingHandler()}
                            testId={`${testId}-sort-${header.column.id}`}
                          />
                        ) : (
                          flexRender(header.column.columnDef.header, header.getContext())
                        )}
                      </Table.Th>
                    );
                  })}
                  {hasActions && (
                    <Table.Th w={110} ta="right" style={sticky}>
                      {t('table.actions')}
                    </Table.Th>
                  )}
                </Table.Tr>
              ))}
            </Table.Thead>
            <Table.Tbody ref={body} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
              {query.isPending && (
                <Table.Tr>
                  <Table.Td colSpan={colSpan}>
                    <Center py="xl" data-testid={`${testId}-loading`}>
                      <Loader size="sm" />
                    </Center>
                  </Table.Td>
                </Table.Tr>
              )}
              {!query.isPending && rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={colSpan}>
                    <Stack align="center" gap={4} py="xl" c="dimmed" data-testid={`${testId}-empty`}>
                      <IconDatabaseOff size={28} stroke={1.5} />
                      <Text size="sm">{props.emptyText ?? t('table.empty')}</Text>
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              )}
              {shownRows.map((row) => {
                const key = rowKey(row.original);
                const isOpen = expanded === key;
                return (
                  <Fragment key={key}>
                    {/* Plain rows and cells with Table's own classes: a page is up to 200 rows of 15 cells, and a
                        Table.Td costs a component with its styles per cell (measured: the first row shows sooner). */}
                    <tr
                      className={Table.classes.tr}
                      data-with-row-border
                      data-hover
                      data-striped={sticky ? undefined : 'odd'}
                      data-testid={`${testId}-row`}
                      data-row-key={key}
                      onClick={renderExpanded ? () => setExpanded(isOpen ? null : key) : undefined}
                      style={renderExpanded ? { cursor: 'pointer' } : undefined}
                      aria-expanded={renderExpanded ? isOpen : undefined}
                    >
                      {row.getVisibleCells().map((cell) => (
                        <td key={cell.id} className={Table.classes.td} data-col={cell.column.id}>
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </td>
                      ))}
                      {hasActions && (
                        <td className={Table.classes.td} style={sticky}>
                          <RowActions
                            testId={testId}
                            extra={rowActions?.(row.original)}
                            onEdit={onEdit ? () => onEdit(row.original) : undefined}
                            onDelete={onDelete ? () => setDeleting(row.original) : undefined}
                          />
                        </td>
                      )}
                    </tr>
                    {renderExpanded && isOpen && (
                      <Table.Tr data-testid={`${testId}-expanded`}>
                        <Table.Td colSpan={colSpan} bg="var(--mantine-color-gray-0)">
                          {renderExpanded(row.original)}
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
        </Box>

        <TableFooter
          testId={testId}
          pageSizes={pageSizes}
          pageSize={pagination.pageSize}
          onPageSize={(pageSize) => setPagination({ pageIndex: 0, pageSize })}
          total={total}
          fetching={query.isFetching && !query.isPending}
          page={pagination.pageIndex + 1}
          totalPages={pageCount}
          onPage={(page) => setPagination((p) => ({ ...p, pageIndex: page - 1 }))}
          maxPageLinks={props.maxPageLinks}
        />
      </Stack>
      {onDelete && (
        <DeleteConfirm
          action={onDelete}
          row={deleting}
          busy={deleteBusy}
          onBusy={setDeleteBusy}
          onClose={() => setDeleting(null)}
          queryKey={queryKey}
        />
      )}
    </Paper>
  );
}
