import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubFetch } from '../../../test/render';
import { ResellerUserDetailsPage } from './ResellerUserDetailsPage';

function open(record: unknown) {
  const reply = stubFetch({
    '/createUpdateResellerUser': { body: { id: 7, message: 'Successfully Updated User Information!' } },
  });
  const fetch = vi.fn((input: RequestInfo | URL, _init?: RequestInit) => reply(input));
  vi.stubGlobal('fetch', fetch);
  renderRoutes([{ path: '/reseller_users/details', element: <ResellerUserDetailsPage /> }], {
    pathname: '/reseller_users/details',
    state: { record },
  });
  return fetch;
}

describe('reseller user form', () => {
  it('shows the spec messages and sends nothing while fields are missing', async () => {
    const fetch = open(null);
    expect(await screen.findByText('Add User')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('reseller-user-save'));
    expect(await screen.findAllByText('Fields with * are mandatory!')).toHaveLength(2);
    expect(await screen.findByText('Password is mandatory to add reseller user!')).toBeInTheDocument();

    await userEvent.type(screen.getByTestId('reseller-user-name'), 'Rhea Reseller');
    await userEvent.type(screen.getByTestId('reseller-user-email'), 'not-an-email');
    await userEvent.type(screen.getByTestId('reseller-user-password'), 'abc');
    await userEvent.click(screen.getByTestId('reseller-user-save'));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(await screen.findByText('Password should be at least 6 characters long!')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('creates the user, then shows the reseller section and hides the password', async () => {
    const fetch = open(null);
    await userEvent.type(screen.getByTestId('reseller-user-name'), 'Rhea Reseller');
    await userEvent.type(screen.getByTestId('reseller-user-email'), 'rhea@example.com');
    await userEvent.type(screen.getByTestId('reseller-user-password'), 'secret1');
    await userEvent.click(screen.getByTestId('reseller-user-save'));
    await waitFor(() => expect(screen.getByText('Edit User')).toBeInTheDocument());
    const [, init] = fetch.mock.calls.find(([url]) => String(url).endsWith('/createUpdateResellerUser'))!;
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Rhea Reseller',
      email: 'rhea@example.com',
      password: 'secret1',
    });
    expect(screen.queryByTestId('reseller-user-password')).toBeNull();
    expect(await screen.findByText('User Part of Resellers')).toBeInTheDocument();
  });

  it('edits without a password field', () => {
    open({ id: 3, name: 'Ann', email: 'ann@example.com', reseller_name: '' });
    expect(screen.getByText('Edit User')).toBeInTheDocument();
    expect(screen.getByTestId('reseller-user-name')).toHaveValue('Ann');
    expect(screen.queryByTestId('reseller-user-password')).toBeNull();
  });
});
