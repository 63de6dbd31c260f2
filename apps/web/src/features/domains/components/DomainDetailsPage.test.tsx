import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubFetch } from '../../../test/render';
import { DomainDetailsPage } from './DomainDetailsPage';

function open(record: unknown) {
  const reply = stubFetch({ '/createUpdateDomain': { body: { id: 4, message: 'Domain saved.' } } });
  const fetch = vi.fn((input: RequestInfo | URL, _init?: RequestInit) => reply(input));
  vi.stubGlobal('fetch', fetch);
  renderRoutes(
    [
      { path: '/domains/details', element: <DomainDetailsPage /> },
      { path: '/domains', element: <p>domains list</p> },
    ],
    { pathname: '/domains/details', state: { record } },
  );
  return fetch;
}

const saves = (fetch: ReturnType<typeof open>) =>
  fetch.mock.calls.filter(([url]) => String(url).endsWith('/createUpdateDomain'));

describe('domain form', () => {
  it('refuses with the server schema’s own messages and sends nothing', async () => {
    const fetch = open(null);
    await userEvent.click(screen.getByTestId('domain-save'));
    expect(await screen.findAllByText('Fields with * are mandatory!')).toHaveLength(3);
    await userEvent.type(screen.getByTestId('domain-name'), 'not a domain');
    await userEvent.click(screen.getByTestId('domain-save'));
    expect(await screen.findByText('Please enter a valid domain name.')).toBeInTheDocument();
    expect(saves(fetch)).toEqual([]);
  });

  it('saves an edited domain (extension and tenant locked) as the schema normalises it', async () => {
    const fetch = open({ id: 4, ext: '100', tenant_id: 'acme.example', domain: 'old.example' });
    expect(screen.getByTestId('domain-ext')).toBeDisabled();
    await userEvent.clear(screen.getByTestId('domain-name'));
    await userEvent.type(screen.getByTestId('domain-name'), ' New.Example ');
    await userEvent.click(screen.getByTestId('domain-save'));
    await waitFor(() => expect(screen.getByText('domains list')).toBeInTheDocument());
    expect(JSON.parse(String(saves(fetch)[0]![1]?.body))).toEqual({
      id: 4,
      ext: '100',
      tenant_id: 'acme.example',
      domain: 'new.example',
    });
  });
});
