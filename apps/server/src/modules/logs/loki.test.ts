import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../../test/harness';
import { LOKI_STREAMS, type LokiDouble, lokiSuccess, startLokiDouble } from '../../../test/loki-double';
import { buildLogQuery } from './logql';

let loki: LokiDouble;
let t: TestApp;
let admin: string;
beforeAll(async () => {
  loki = await startLokiDouble();
  const withCreds = loki.url.replace('http://', 'http://tenant%201:s3cret@');
  t = await startTestApp({ LOKI_URL: `${withCreds}/prefix/`, LOKI_SELECTOR: '{job="provisio"}' });
  admin = await t.login();
});
afterAll(async () => {
  await t.close();
  await loki.close();
});

const body = {
  message: encodeURIComponent('disk "full"'),
  level: 'error',
  start: '1700000000000000000',
  end: 1_700_000_100_000_000_000,
  limit: 50,
  req_id: 'r-9',
};

describe('getlogs with LOKI_URL', () => {
  it('has no embedded store', () => {
    expect(t.logging.store).toBeNull();
  });

  it("asks Loki's query_range with the LogQL query, the window in ns, the limit and newest first", async () => {
    loki.requests.length = 0;
    const res = await t.call('getlogs', body, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    const [req] = loki.requests;
    expect(req!.path).toBe('/prefix/loki/api/v1/query_range');
    expect(Object.fromEntries(req!.params)).toEqual({
      query: buildLogQuery({ text: 'disk "full"', level: 'error', reqId: 'r-9' }, '{job="provisio"}'),
      start: '1700000000000000000',
      end: '1700000100000999999',
      limit: '50',
      direction: 'backward',
    });
    expect(req!.params.get('query')).toBe(
      String.raw`{job="provisio"} |~ "(?i)disk \"full\"" | json | level="error" | reqId="r-9"`,
    );
    expect(req!.headers.authorization).toBe(`Basic ${Buffer.from('tenant 1:s3cret').toString('base64')}`);
    // Loki's reply is passed on in the same shape (its stats are not part of the contract).
    expect(res.json()).toEqual({ status: 'success', data: { resultType: 'streams', result: LOKI_STREAMS } });
  });

  it('answers 503 "Unable to get the data" when Loki fails or answers something else', async () => {
    const replies = [
      { status: 500, body: { message: 'internal' } },
      { status: 400, body: 'parse error at line 1' },
      { status: 200, body: { status: 'error', errorType: 'bad_data', error: 'x' } },
      { status: 200, body: { status: 'success', data: { resultType: 'matrix', result: [] } } },
    ];
    for (const answer of replies) {
      loki.answer = answer;
      const res = await t.call('getlogs', body, { token: admin });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: { code: 'service_unavailable', message: 'Unable to get the data' } });
    }
    loki.answer = { status: 200, body: lokiSuccess([]) };
    expect((await t.call('getlogs', body, { token: admin })).json()).toEqual({
      status: 'success',
      data: { resultType: 'streams', result: [] },
    });
  });

  it('answers 503 when Loki cannot be reached', async () => {
    const down = await startTestApp({ LOKI_URL: 'http://127.0.0.1:9' });
    try {
      const res = await down.call('getlogs', body, { token: await down.login() });
      expect(res.statusCode).toBe(503);
    } finally {
      await down.close();
    }
  });
});
