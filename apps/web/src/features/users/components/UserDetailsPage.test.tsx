import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubFetch } from '../../../test/render';
import { UserDetailsPage } from './UserDetailsPage';

function open(record: unknown) {
  const reply = stubFetch({ '/createUpdateUser': { body: { id: 9, message: 'Successfully Added User!' } } });
  const fetch = vi.fn((input: RequestInfo | URL, _init?: RequestInit) => reply(input));
  vi.stubGlobal('fetch', fetch);
  renderRoutes(
    [
      { path: '/users/details', element: <UserDetailsPage /> },
      { path: '/users', element: <p>users list</p> },
    ],
    { pathname: '/users/details', state: { record } },
  );
  return fetch;
}

describe('portal user form', () => {
  it('shows the spec messages, clears a field’s message as it is typed in, and sends nothing while invalid', async () => {
    const fetch = open(null);
    await userEvent.click(screen.getByTestId('user-save'));
    expect(await screen.findAllByText('Fields with * are mandatory!')).toHaveLength(3);
    expect(await screen.findByText('Password is mandatory to add user!')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('user-name'), 'Ana');
    expect(await screen.findAllByText('Fields with * are mandatory!')).toHaveLength(2);
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/createUpdateUser'))).toEqual([]);
  });

  it('creates a user with the values typed and the choices made, then goes back to the list', async () => {
    const fetch = open(null);
    await userEvent.type(screen.getByTestId('user-name'), 'Ana Lima');
    await userEvent.type(screen.getByTestId('user-email'), 'ana@example.com');
    await userEvent.type(screen.getByTestId('user-username'), 'ana');
    await userEvent.type(screen.getByTestId('user-password'), 'secret1');
    await userEvent.type(screen.getByTestId('user-subscriber'), 'S-1');
    await userEvent.click(screen.getByText('No'));
    await userEvent.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(screen.getByText('users list')).toBeInTheDocument());
    const [, init] = fetch.mock.calls.find(([url]) => String(url).endsWith('/createUpdateUser'))!;
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Ana Lima',
      email: 'ana@example.com',
      username: 'ana',
      password: 'secret1',
      user_type: 'simple user',
      active: false,
      company: '',
      subscriber_id: 'S-1',
    });
  });
});
