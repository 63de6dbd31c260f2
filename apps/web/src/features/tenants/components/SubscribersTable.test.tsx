import type { ExtensionRow, TenantRow } from '@provisio/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubFetch } from '../../../test/render';
import { BulkBar } from './BulkBar';
import { shownAppColumns, type Selection } from './selection';
import { SubscribersTable } from './SubscribersTable';

const rows: ExtensionRow[] = Array.from({ length: 3 }, (_, i) => ({
  id: i + 1,
  tenant_id: 'acme.example',
  extension: String(100 + i),
  domain: 'acme.example',
  site_name: 'Main',
  firstname: `First${i}`,
  lastname: `Last${i}`,
  admin: i === 0,
  email: `u${i}@acme.example`,
  linked: i === 1,
  mobile_app_allowed: false,
  desktop_app_allowed: true,
}));

function Harness({ tenant }: { tenant: TenantRow }) {
  const [selected, setSelected] = useState<Selection>(new Map());
  return (
    <>
      <BulkBar
        tenantId={tenant.tid}
        selected={selected}
        shown={shownAppColumns(tenant)}
        onClear={() => setSelected(new Map())}
        onEmail={vi.fn()}
        onRelink={vi.fn()}
      />
      <SubscribersTable
        tenant={tenant}
        selected={selected}
        onSelectedChange={setSelected}
        onSendLink={vi.fn()}
        onEdit={vi.fn()}
        onResend={vi.fn()}
        canDelete={false}
      />
    </>
  );
}

function renderTable(tenant: Partial<TenantRow> = {}) {
  const fetch = vi.fn(stubFetch({ '/getExtensions': { body: rows } }));
  vi.stubGlobal('fetch', fetch);
  const full: TenantRow = {
    tid: 'acme.example',
    tname: 'Acme',
    mobile_app_allowed: false,
    desktop_app_allowed: false,
    ...tenant,
  };
  renderRoutes([{ path: '/', element: <Harness tenant={full} /> }], '/');
  return fetch;
}
/** The bodies of the getExtensions requests made so far. */
const listBodies = (fetch: ReturnType<typeof renderTable>) =>
  (fetch.mock.calls as unknown as [string, RequestInit][])
    .filter(([url]) => String(url).endsWith('/getExtensions'))
    .map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);

const headerTexts = () =>
  within(screen.getByTestId('extensions-table'))
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('SubscribersTable', () => {
  it('shows the 13 columns of spec §2, and the invitation step (issue #14), while no app is on for the whole tenant', async () => {
    renderTable();
    expect(await screen.findAllByTestId('extensions-row')).toHaveLength(3);
    expect(headerTexts()).toEqual([
      '',
      'Extension',
      'Domain',
      'Site',
      'First Name',
      'Last Name',
      'Admin',
      'Email',
      'Linked',
      'Invitation',
      'Mobile App',
      'Desktop App',
      'Actions',
    ]);
    // Send link and edit are the row's actions, kept in view at the right edge.
    const actions = screen.getByTestId('ext-send-100').closest('td')!;
    expect(actions).toContainElement(screen.getByTestId('ext-edit-100'));
    expect(actions.style.position).toBe('sticky');
    // A reply without the lifecycle fields (an older server) reads as not invited.
    expect(screen.getByTestId('ext-lifecycle-100')).toHaveTextContent('Not invited');
  });

  it('hides the Mobile App column while the tenant-level mobile switch is on', async () => {
    renderTable({ mobile_app_allowed: true });
    await screen.findAllByTestId('extensions-row');
    expect(headerTexts()).not.toContain('Mobile App');
    expect(headerTexts()).toContain('Desktop App');
    expect(screen.queryByTestId('ext-mobile-100')).toBeNull();
    expect(screen.getByTestId('ext-desktop-100')).toBeChecked();
  });

  it("'check all' checks the visible rows, then clears them", async () => {
    renderTable();
    await screen.findAllByTestId('extensions-row');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('ext-check-101'));
    expect(screen.getByTestId('ext-selected-count')).toHaveTextContent('Selected: 1');
    await user.click(screen.getByTestId('ext-check-all'));
    await waitFor(() => expect(screen.getByTestId('ext-selected-count')).toHaveTextContent('Selected: 3'));
    for (const r of rows) expect(screen.getByTestId(`ext-check-${r.extension}`)).toBeChecked();
    await user.click(screen.getByTestId('ext-check-all'));
    expect(screen.queryByTestId('ext-selected-count')).toBeNull();
    expect(screen.getByTestId('ext-check-100')).not.toBeChecked();
  });

  it('hides the columns the user unticks, and still does after the table is opened again (per user)', async () => {
    window.localStorage.clear();
    renderTable();
    await screen.findAllByTestId('extensions-row');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('ext-columns'));
    await user.click(await screen.findByTestId('ext-columns-domain'));
    await user.click(screen.getByTestId('ext-columns-lifecycle'));
    await waitFor(() => expect(headerTexts()).not.toContain('Domain'));
    expect(headerTexts()).not.toContain('Invitation');
    expect(screen.getByTestId('ext-columns')).toHaveTextContent('Columns (6/8)');
    expect(Object.keys(window.localStorage).some((k) => k.startsWith('provisio.subscribers.hidden.'))).toBe(true);
    cleanup();
    renderTable();
    await screen.findAllByTestId('extensions-row');
    expect(headerTexts()).not.toContain('Domain');
    expect(headerTexts()).toContain('Email');
  });

  it('asks the server with every quick filter chosen, and with none once cleared', async () => {
    const fetch = renderTable();
    await screen.findAllByTestId('extensions-row');
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Not linked' }));
    await user.click(screen.getByRole('checkbox', { name: 'Admins' }));
    await waitFor(() => expect(listBodies(fetch).at(-1)).toMatchObject({ quick: ['not_linked', 'admin'], offset: 0 }));
    await user.click(screen.getByRole('checkbox', { name: 'Not linked' }));
    await user.click(screen.getByRole('checkbox', { name: 'Admins' }));
    await waitFor(() => expect(listBodies(fetch).at(-1)).not.toHaveProperty('quick'));
  });

  it('keeps the selection across pages and clears it from the bulk bar', async () => {
    renderTable();
    await screen.findAllByTestId('extensions-row');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('ext-check-100'));
    await user.click(screen.getByTestId('ext-check-102'));
    expect(screen.getByTestId('ext-selected-count')).toHaveTextContent('Selected: 2');
    // A filter (another page of rows) keeps what was checked.
    await user.click(screen.getByRole('checkbox', { name: 'Admins' }));
    expect(screen.getByTestId('ext-selected-count')).toHaveTextContent('Selected: 2');
    await user.click(screen.getByTestId('ext-clear'));
    expect(screen.queryByTestId('ext-bulk-bar')).toBeNull();
  });
});
