import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { FailuresCard, LicenceUseCard } from './UsageCards';

const row = (tenant_name: string, mobile: [number, number], desktop: [number, number]) => ({
  tenant_id: `${tenant_name.toLowerCase()}.example`,
  tenant_name,
  mobile: { used: mobile[0], limit: mobile[1] },
  desktop: { used: desktop[0], limit: desktop[1] },
});

describe('dashboard cards', () => {
  it('shows each tenant’s app licences as used / limit, flagging a full or exceeded limit', () => {
    renderRoutes(
      [
        {
          path: '/',
          element: <LicenceUseCard rows={[row('Bluebird', [12, 10], [4, 10]), row('Cobalt', [16, 16], [0, 5])]} />,
        },
      ],
      '/',
    );
    const rows = screen.getAllByTestId('licence-use-row');
    expect(rows.map((r) => within(r).getByText(/^(Bluebird|Cobalt)$/).textContent)).toEqual(['Bluebird', 'Cobalt']);
    // Over its licence, a tenant's row says what that means (issue #20); one within it says nothing.
    expect(within(rows[0]!).getByTestId('licence-use-over')).toHaveTextContent(
      'Bluebird is over its licence: enabling the app for more extensions is refused; the ones in use stay on.',
    );
    expect(within(rows[0]!).getByTestId('licence-use-mobile')).toHaveTextContent('12 / 10');
    expect(within(rows[0]!).getByTestId('licence-use-mobile')).toHaveAttribute('title', 'Over the limit');
    expect(within(rows[0]!).getByTestId('licence-use-desktop')).not.toHaveAttribute('title');
    expect(within(rows[1]!).getByTestId('licence-use-mobile')).toHaveAttribute('title', 'Limit reached');
    expect(within(rows[1]!).queryByTestId('licence-use-over')).toBeNull();
  });

  it('says so when no tenant uses an app', () => {
    renderRoutes([{ path: '/', element: <LicenceUseCard rows={[]} /> }], '/');
    expect(screen.getByText('No tenant uses an app yet.')).toBeInTheDocument();
  });

  it('lists the failures the caller may see, with a way into the logs when there are errors', () => {
    renderRoutes(
      [{ path: '/', element: <FailuresCard failures={{ since: 0, jobs: 2, mail: 1, log_errors: 7 }} /> }],
      '/',
    );
    expect(screen.getByTestId('failures-logs-value')).toHaveTextContent('7');
    expect(screen.getByTestId('failures-mail-value')).toHaveTextContent('1');
    expect(screen.getByTestId('failures-jobs-value')).toHaveTextContent('2');
    expect(screen.getByTestId('failures-open-logs')).toHaveAttribute('href', '/logs');
  });

  it('leaves out what a non-admin may not see, and says when nothing failed', () => {
    renderRoutes(
      [{ path: '/', element: <FailuresCard failures={{ since: 0, jobs: 0, mail: null, log_errors: null }} /> }],
      '/',
    );
    expect(screen.queryByTestId('failures-logs')).toBeNull();
    expect(screen.queryByTestId('failures-mail')).toBeNull();
    expect(screen.getByTestId('failures-jobs-value')).toHaveTextContent('0');
    expect(screen.getByText(/Nothing failed\./)).toBeInTheDocument();
  });
});
