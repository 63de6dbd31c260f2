import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { CdrDetailPage } from './CdrDetailPage';

const routes = [{ path: '/cdrs-table', element: <CdrDetailPage /> }];

describe('CdrDetailPage (spec §2)', () => {
  it("says 'No data to display.' without a record in navigation state", async () => {
    renderRoutes(routes, '/cdrs-table');
    expect(await screen.findByTestId('cdr-no-data')).toHaveTextContent('No data to display.');
  });

  it("shows the heading, the sip: call-back link, the recording and 'N/A' for missing flow values", async () => {
    const record = {
      name: 'Grace Hopper',
      destination: '+15550000002',
      time_stamp: '2024-03-05 09:15:00 AM',
      direction: 'Outbound',
      recording_url: '/api/v1/recordings/7?grant=x',
      ans_call_flow: [
        {
          callingnumber: '101',
          dialednumber: '+15550000002',
          target: '',
          talktime_duration: '00:01:05',
          initiation: '',
        },
      ],
    };
    renderRoutes(routes, { pathname: '/cdrs-table', state: { record } });
    expect(await screen.findByTestId('cdr-direction')).toHaveTextContent('Outbound call');
    expect(await screen.findByTestId('cdr-call-back')).toHaveAttribute('href', 'sip:+15550000002');
    expect(await screen.findByTestId('cdr-recording')).toHaveAttribute('src', '/api/v1/recordings/7?grant=x');
    const cells = within(await screen.findByTestId('cdr-flow-row'))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['101', '+15550000002', 'N/A', '00:01:05', 'N/A']);
  });

  it("shows one row of 'N/A' when the call has no flow, and no player without a recording", async () => {
    const record = {
      name: '',
      destination: '+1555',
      time_stamp: '2024-03-05 09:15:00 AM',
      direction: 'Missed',
      recording_url: null,
      ans_call_flow: [],
    };
    renderRoutes(routes, { pathname: '/cdrs-table', state: { record } });
    expect(screen.queryByTestId('cdr-recording')).toBeNull();
    const cells = within(await screen.findByTestId('cdr-flow-row')).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['N/A', 'N/A', 'N/A', 'N/A', 'N/A']);
  });
});
