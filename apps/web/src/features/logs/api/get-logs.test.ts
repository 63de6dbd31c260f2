import { GetLogsBody, LOG_WINDOWS, nanosToMillis, type GetLogsReply } from '@provisio/contract';
import { describe, expect, it } from 'vitest';
import { LOGS_LIMIT, buildLogsQuery, millisToNanos, toEntries } from './get-logs';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0, 123);

describe('buildLogsQuery', () => {
  it('sends start and end in nanoseconds as strings (milliseconds × 1e6)', () => {
    const body = buildLogsQuery({ kind: 'search', text: '', level: '', window: '5m' }, NOW);
    expect(body.end).toBe(`${NOW}000000`);
    expect(body.start).toBe(`${NOW - 5 * 60_000}000000`);
    expect(BigInt(body.end as string)).toBe(BigInt(NOW) * 1_000_000n);
    expect(nanosToMillis(body.start)).toBe(NOW - 300_000);
  });

  it.each(LOG_WINDOWS.map((w) => [w.key, w.minutes] as const))(
    'window %s covers the last %i minutes',
    (key, minutes) => {
      const body = buildLogsQuery({ kind: 'search', text: '', level: '', window: key }, NOW);
      expect(nanosToMillis(body.end) - nanosToMillis(body.start)).toBe(minutes * 60_000);
    },
  );

  it('URI-encodes the trimmed message text and passes the level and the limit', () => {
    const body = buildLogsQuery({ kind: 'search', text: '  refused: 100% é&x=1 ', level: 'error', window: '1h' }, NOW);
    expect(body.message).toBe('refused%3A%20100%25%20%C3%A9%26x%3D1');
    expect(decodeURIComponent(body.message!)).toBe('refused: 100% é&x=1');
    expect(body.level).toBe('error');
    expect(body.limit).toBe(LOGS_LIMIT);
  });

  it('passes a status class only when one is chosen (issue #19)', () => {
    const base = { kind: 'search', text: '', level: '', window: '1h' } as const;
    expect(buildLogsQuery({ ...base, status: '5xx' }, NOW).status_class).toBe('5xx');
    expect(buildLogsQuery({ ...base, status: '' }, NOW)).not.toHaveProperty('status_class');
  });

  it('asks for one request or one job over the widest window, without text or level', () => {
    const req = buildLogsQuery({ kind: 'request', id: 'req-7' }, NOW);
    expect(req).toMatchObject({ message: '', level: '', req_id: 'req-7' });
    expect(req).not.toHaveProperty('job_id');
    expect(nanosToMillis(req.end) - nanosToMillis(req.start)).toBe(90 * 1440 * 60_000);
    expect(buildLogsQuery({ kind: 'job', id: '42' }, NOW)).toMatchObject({ job_id: '42' });
  });

  it("builds bodies the server's schema accepts", () => {
    for (const body of [
      buildLogsQuery({ kind: 'search', text: 'a b', level: 'warn', window: '90d' }, NOW),
      buildLogsQuery({ kind: 'job', id: '9' }, NOW),
    ]) {
      expect(GetLogsBody.safeParse(body).success).toBe(true);
    }
  });

  it('converts milliseconds exactly, past 2^53', () => {
    expect(millisToNanos(1)).toBe('1000000');
    expect(millisToNanos(NOW)).toBe(`${NOW}000000`);
  });
});

describe('toEntries', () => {
  it("flattens Loki's streams into lines, newest first across streams", () => {
    const reply: GetLogsReply = {
      status: 'success',
      data: {
        resultType: 'streams',
        result: [
          {
            stream: { level: 'info', msg: 'a' },
            values: [
              ['1700000000000000001', '{"msg":"a"}'],
              ['999000000', '{"msg":"old"}'],
            ],
          },
          { stream: { level: 'error', msg: 'b' }, values: [['1700000000000000002', '{"msg":"b"}']] },
        ],
      },
    };
    const entries = toEntries(reply);
    expect(entries.map((e) => e.id)).toEqual(['1700000000000000002', '1700000000000000001', '999000000']);
    expect(entries[0]).toMatchObject({ at: 1700000000000, stream: { level: 'error' }, line: '{"msg":"b"}' });
    expect(entries[2]!.at).toBe(999);
  });
});
