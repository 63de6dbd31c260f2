import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../api/get-logs';
import { logSummary, statusClass } from './log-summary';

const entry = (line: object | string, msg = ''): LogEntry =>
  ({
    id: '1',
    at: 0,
    stream: { msg },
    line: typeof line === 'string' ? line : JSON.stringify(line),
  }) as LogEntry;

describe('logSummary (issue #19: logs that read at a glance)', () => {
  it('reads an answered request: method, path, status and duration', () => {
    const line = {
      msg: 'request completed',
      req: { method: 'POST', url: '/api/v1/adminLogin' },
      res: { statusCode: 401 },
      responseTime: 12.3,
    };
    expect(logSummary(entry(line, 'request completed'))).toEqual({
      kind: 'request',
      method: 'POST',
      path: '/api/v1/adminLogin',
      status: 401,
      ms: 12.3,
    });
  });

  it('reads a received request, a job line and a mail line', () => {
    expect(logSummary(entry({ msg: 'incoming request', req: { method: 'GET', url: '/api/health' } }))).toEqual({
      kind: 'received',
      method: 'GET',
      path: '/api/health',
    });
    expect(logSummary(entry({ msg: 'job done', jobId: 7, type: 'extensionsImport' }, 'job done'))).toEqual({
      kind: 'job',
      type: 'extensionsImport',
      id: '7',
      msg: 'job done',
    });
    expect(logSummary(entry({ msg: 'mail sent', mailId: 3, kind: 'qr', to: 'a@b.example' }, 'mail sent'))).toEqual({
      kind: 'mail',
      to: 'a@b.example',
      mailKind: 'qr',
      msg: 'mail sent',
    });
  });

  it('names the tenant of a request or a job when the line has one', () => {
    const line = {
      msg: 'request completed',
      req: { method: 'POST', url: '/api/v1/getExtensions' },
      res: { statusCode: 200 },
      responseTime: 3,
      tenant: 'acme.example',
    };
    expect(logSummary(entry(line))).toMatchObject({ kind: 'request', tenant: 'acme.example' });
    expect(
      logSummary(entry({ msg: 'job done', jobId: 8, type: 'extensionsSync', tenant: 'acme.example' }, 'job done')),
    ).toEqual({
      kind: 'job',
      type: 'extensionsSync',
      id: '8',
      msg: 'job done',
      tenant: 'acme.example',
    });
  });

  it('keeps any other line as its message, a line that is not JSON included', () => {
    expect(logSummary(entry({ msg: 'started' }, 'started'))).toEqual({ kind: 'text', msg: 'started' });
    expect(logSummary(entry('plain text line'))).toEqual({ kind: 'text', msg: 'plain text line' });
  });

  it('classes status codes', () => {
    expect([200, 304, 404, 503].map(statusClass)).toEqual(['2xx', '3xx', '4xx', '5xx']);
  });
});
