import { API_KEY_CLASSES, CALLS } from '@provisio/contract';
import { describe, expect, it } from 'vitest';
import { classOfRoute } from './api-key-auth';

/**
 * Every call has a deliberate class for API keys (packages/contract/src/api-key-classes.ts): a new call fails here
 * until it is classed. The classes' behaviour is tested through the app in api-keys.test.ts and the permission matrix.
 */
describe('API key classes', () => {
  const classes: Record<string, string> = API_KEY_CLASSES;

  it('classes every call of the call table, and no call that is gone', () => {
    const names = Object.keys(CALLS);
    expect(
      names.filter((n) => !(n in classes)),
      'calls without a class for API keys',
    ).toEqual([]);
    expect(
      Object.keys(classes).filter((n) => !(n in CALLS)),
      'classes of calls that no longer exist',
    ).toEqual([]);
  });

  it('finds each call by its route, HEAD as GET', () => {
    for (const [name, c] of Object.entries(CALLS))
      expect(classOfRoute(c.method, `/api/v1${c.path}`), name).toBe(classes[name] ?? 'none');
    expect(classOfRoute('HEAD', '/api/v1/publicConfig')).toBe('read');
    expect(classOfRoute('POST', '/api/v1/noSuchCall')).toBe('none');
  });

  it('gives keys no public call but the public configuration, and no sign-in, password or key call', () => {
    const publicOpen = Object.entries(CALLS).filter(([n, c]) => c.access === 'public' && classes[n] !== 'none');
    expect(publicOpen.map(([n]) => n)).toEqual(['publicConfig']);
    const credentials = Object.keys(CALLS).filter((n) => /login|password|apiKey|twoFactor|viewAs/i.test(n));
    expect(credentials.filter((n) => classes[n] !== 'none')).toEqual([]);
  });
});
