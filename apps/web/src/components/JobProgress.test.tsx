import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { JobProgress } from './JobProgress';

const job = (over: object) => ({
  id: 5,
  type: 'app-accounts.email-links',
  status: 'running',
  tenant_id: 't',
  done: 1,
  total: 4,
  failed: 0,
  result: null,
  error: null,
  created_at: 1,
  finished_at: null,
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('JobProgress', () => {
  it('polls until the job is done, then shows the report and each failure once', async () => {
    const replies = [
      job({}),
      job({ done: 3 }),
      job({
        status: 'done',
        done: 4,
        failed: 1,
        result: { sent: 3, failures: ['Unable to send an email to 104'] },
        finished_at: 2,
      }),
    ];
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(replies[Math.min(calls++, replies.length - 1)]), {
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    const onFinished = vi.fn();
    renderRoutes(
      [
        {
          path: '/',
          element: <JobProgress jobId={5} title="QR link emails" onFinished={onFinished} report={() => 'Sent 3'} />,
        },
      ],
      '/',
    );

    expect(await screen.findByText('1 of 4 done')).toBeInTheDocument();
    expect(await screen.findByText('Sent 3', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByTestId('job-counts')).toHaveTextContent('4 of 4 done · 1 failed');
    expect(screen.getByTestId('job-failures')).toHaveTextContent('Unable to send an email to 104');
    expect(screen.getByTestId('job')).toHaveAttribute('data-status', 'done');
    expect(onFinished).toHaveBeenCalledTimes(1);
    await new Promise((r) => setTimeout(r, 700));
    expect(calls).toBe(3);
  });
});
