import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ListParams } from '../lib/api';
import { renderRoutes } from '../test/render';
import { DataTable, type DataColumn } from './DataTable';
import { pageWindow } from './PageLinks';

interface Row {
  id: number;
  name: string;
}

const ALL: Row[] = Array.from({ length: 45 }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}` }));
const columns: DataColumn<Row>[] = [
  { key: 'id', header: 'Id', cell: (r) => r.id, sortable: true },
  { key: 'name', header: 'Name', cell: (r) => r.name, sortable: true },
];

function setup(rows: Row[] = ALL) {
  const fetcher = vi.fn(async (params: ListParams) => {
    const found = params.search ? rows.filter((r) => r.name.includes(params.search!)) : rows;
    const offset = params.offset ?? 0;
    return { rows: found.slice(offset, offset + (params.limit ?? 10)), total: found.length };
  });
  const onEdit = vi.fn();
  const run = vi.fn(async () => undefined);
  const table = (
    <DataTable
      testId="t"
      queryKey={['test']}
      fetcher={fetcher}
      columns={columns}
      rowKey={(r) => r.id}
      onAdd={() => undefined}
      onEdit={onEdit}
      onDelete={{ title: 'Delete row', message: (r) => `Delete row ${r.name}?`, run }}
    />
  );
  renderRoutes([{ path: '/', element: table }], '/');
  return { fetcher, onEdit, run };
}

const lastParams = (fetcher: ReturnType<typeof setup>['fetcher']) => fetcher.mock.calls.at(-1)?.[0];

describe('DataTable', () => {
  it('asks the server for the first 10 rows and shows the total and four page links at most', async () => {
    const { fetcher } = setup();
    expect(await screen.findAllByTestId('t-row')).toHaveLength(10);
    expect(lastParams(fetcher)).toEqual({ limit: 10, offset: 0, search: undefined, sort: undefined, order: undefined });
    expect(screen.getByTestId('t-total')).toHaveTextContent('Total: 45');
    expect(screen.getByTestId('t-page-4')).toBeInTheDocument();
    expect(screen.queryByTestId('t-page-5')).toBeNull();
  });

  it('pages with offset and limit', async () => {
    const { fetcher } = setup();
    await screen.findAllByTestId('t-row');
    await userEvent.click(screen.getByTestId('t-page-3'));
    await waitFor(() => expect(lastParams(fetcher)).toMatchObject({ limit: 10, offset: 20 }));
    expect(await screen.findByText('Row 21')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('t-next'));
    await waitFor(() => expect(lastParams(fetcher)).toMatchObject({ limit: 10, offset: 30 }));
  });

  it('sorts on the server when a header is clicked, ascending then descending', async () => {
    const { fetcher } = setup();
    await screen.findAllByTestId('t-row');
    await userEvent.click(screen.getByTestId('t-sort-name'));
    await waitFor(() => expect(lastParams(fetcher)).toMatchObject({ sort: 'name', order: 'asc', offset: 0 }));
    await userEvent.click(screen.getByTestId('t-sort-name'));
    await waitFor(() => expect(lastParams(fetcher)).toMatchObject({ sort: 'name', order: 'desc' }));
    expect(screen.getByTestId('t-sort-name')).toHaveAttribute('data-sorted', 'desc');
  });

  it('searches on the server after typing stops, from the first page', async () => {
    const { fetcher } = setup();
    await screen.findAllByTestId('t-row');
    await userEvent.click(screen.getByTestId('t-page-2'));
    await waitFor(() => expect(lastParams(fetcher)).toMatchObject({ offset: 10 }));
    await userEvent.type(screen.getByTestId('t-search'), 'Row 4');
    await waitFor(() => expect(lastParams(fetcher)).toMatchObject({ search: 'Row 4', offset: 0 }));
    expect(fetcher.mock.calls.filter(([p]) => p.search === 'R')).toHaveLength(0);
    await waitFor(() => expect(screen.getByTestId('t-total')).toHaveTextContent('Total: 7'));
  });

  it('shows the empty state', async () => {
    setup([]);
    expect(await screen.findByTestId('t-empty')).toHaveTextContent('No records found.');
  });

  it('edits a row, and deletes it only after the confirm', async () => {
    const { onEdit, run } = setup();
    const first = (await screen.findAllByTestId('t-row'))[0]!;
    await userEvent.click(within(first).getByTestId('t-edit'));
    expect(onEdit).toHaveBeenCalledWith({ id: 1, name: 'Row 1' });
    await userEvent.click(within(first).getByTestId('t-delete'));
    expect(await screen.findByTestId('confirm-message')).toHaveTextContent('Delete row Row 1?');
    expect(run).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('confirm-delete'));
    await waitFor(() => expect(run).toHaveBeenCalledWith({ id: 1, name: 'Row 1' }));
  });
});

describe('pageWindow', () => {
  it('keeps at most four pages around the current one', () => {
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(5, 10)).toEqual([4, 5, 6, 7]);
    expect(pageWindow(10, 10)).toEqual([7, 8, 9, 10]);
  });
});
