import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GetLogsReply } from '@provisio/contract';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { LogsPage } from './LogsPage';

const STACK = 'Error: boom\n    at handler (/srv/app.ts:10:5)';

const reply: GetLogsReply = {
  status: 'success',
  data: {
    resultType: 'streams',
    result: [
      {
        stream: {
          level: 'error',
          msg: 'unhandled error',
          filename: 'src/plugins/error-handler.ts',
          host: 'web-1',
          job: 'provisio',
          _timestamp: '2026-11-22T10:00:00.000Z',
          caller: 'src/plugins/error-handler.ts:92',
          functionName: 'handler',
          error: 'boom',
          stacktrace: STACK,
          reqId: 'req-9',
        },
        values: [['1763805600000000002', '{"msg":"unhandled error"}']],
      },
      {
        stream: { level: 'info', msg: 'mail sent', jobId: 'job-3' },
        values: [['1763805600000000001', '{"msg":"mail sent"}']],
      },
    ],
  },
};

/** Answers getlogs with the reply (or a failure) and keeps the bodies sent; the tenant picker's search finds none. */
function stubLogs(answer: { status?: number; body: unknown } = { body: reply }) {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/tenantList'))
        return new Response('[]', { headers: { 'Content-Type': 'application/json', 'X-Total-Count': '0' } });
      bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return bodies;
}

const renderLogs = () => renderRoutes([{ path: '/logs', element: <LogsPage /> }], '/logs');

describe('LogsPage', () => {
  it('loads the last hour, counts the lines and colours them by level', async () => {
    const bodies = stubLogs();
    renderLogs();
    expect(await screen.findByTestId('logs-total')).toHaveTextContent('Total Logs Found: 2');
    const entries = screen.getAllByTestId('log-entry');
    expect(entries.map((e) => e.getAttribute('data-level'))).toEqual(['error', 'info']);
    expect(entries[0]!.style.borderLeft).toContain('--mantine-color-red-7');
    expect(entries[1]!.style.borderLeft).toContain('--mantine-color-green-6');
    expect(bodies[0]).toMatchObject({ message: '', level: '' });
    const span = BigInt(bodies[0]!.end as string) - BigInt(bodies[0]!.start as string);
    expect(span).toBe(3_600_000n * 1_000_000n);
  });

  it('sends the filters on FILTER: URI-encoded text, level and window', async () => {
    const bodies = stubLogs();
    const user = userEvent.setup();
    renderLogs();
    await screen.findByTestId('logs-total');
    await user.type(screen.getByLabelText('Message'), 'sign in: bob@x');
    await user.click(screen.getByTestId('logs-level'));
    await user.click(await screen.findByRole('option', { name: 'Error', hidden: true }));
    await user.click(screen.getByTestId('logs-window'));
    await user.click(await screen.findByRole('option', { name: 'Last 7 days', hidden: true }));
    await user.click(screen.getByTestId('logs-filter'));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ message: 'sign%20in%3A%20bob%40x', level: 'error' });
    const span = BigInt(bodies[1]!.end as string) - BigInt(bodies[1]!.start as string);
    expect(span).toBe(7n * 86_400_000n * 1_000_000n);
  });

  it('expands an entry to its labels, fields and stack trace, and lists its request on click', async () => {
    const bodies = stubLogs();
    const user = userEvent.setup();
    renderLogs();
    const [first] = await screen.findAllByTestId('log-entry-toggle');
    await user.click(first!);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    const details = screen.getByTestId('log-entry-details');
    expect(within(details).getByTestId('log-entry-labels')).toHaveTextContent('web-1');
    expect(within(details).getByTestId('log-entry-fields')).toHaveTextContent('src/plugins/error-handler.ts:92');
    expect(within(details).getByTestId('log-entry-stacktrace').textContent).toBe(STACK);

    await user.click(within(details).getByTestId('log-entry-request'));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ req_id: 'req-9', message: '', level: '' });
    expect(await screen.findByTestId('logs-tracing')).toHaveTextContent('Every line of request req-9');
  });

  it("says 'Unable to get the data' when the status is not success", async () => {
    stubLogs({ body: { status: 'error', data: { resultType: 'streams', result: [] } } });
    renderLogs();
    expect(await screen.findByTestId('logs-error')).toHaveTextContent('Unable to get the data');
  });

  it("says 'Unable to get the data' when the call fails", async () => {
    stubLogs({ status: 503, body: { error: { code: 'service_unavailable', message: 'Unable to get the data' } } });
    renderLogs();
    expect(await screen.findByTestId('logs-error')).toHaveTextContent('Unable to get the data');
  });
});
