import { describe, expect, it } from 'vitest';
import { redactFields, redactText } from './logger';

describe('the central redaction rule', () => {
  it('censors secret fields at the top and two levels down, in arrays too, without touching the caller’s objects', () => {
    const body = { username: 'ann', password: 'pw-1', profile: { pin: 1234, name: 'Ann' } };
    const input = {
      token: 'tok-1',
      body,
      req: { headers: { authorization: 'Bearer abc', cookie: 'sid=1', host: 'x' } },
      list: [{ sip_password: 'sip-1', ext: '100' }, 'plain'],
      deep: { a: { b: { password: 'kept: three levels down is past the rule' } } },
      untouched: 'value',
    };
    const snapshot = structuredClone(input);
    expect(redactFields(input)).toEqual({
      token: '[redacted]',
      body: { username: 'ann', password: '[redacted]', profile: { pin: '[redacted]', name: 'Ann' } },
      req: { headers: { authorization: '[redacted]', cookie: '[redacted]', host: 'x' } },
      list: [{ sip_password: '[redacted]', ext: '100' }, 'plain'],
      deep: { a: { b: { password: 'kept: three levels down is past the rule' } } },
      untouched: 'value',
    });
    expect(input).toEqual(snapshot);
  });

  it('returns the same object when there is nothing to censor (no copy on the common path)', () => {
    const obj = { tenant: 'bluebird.example', extension: 101, nested: { step: 3 } };
    expect(redactFields(obj)).toBe(obj);
  });

  it('scrubs secrets written into free text', () => {
    expect(redactText('GET /x?ref=abc&y=1 password=hunter2 Bearer eyJ.x smtp://u:p4ss@mail')).toBe(
      'GET /x?ref=[redacted]&y=1 password=[redacted] Bearer [redacted] smtp://u:[redacted]@mail',
    );
    expect(redactText('nothing to see')).toBe('nothing to see');
  });
});
