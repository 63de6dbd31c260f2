import { afterAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../test/harness';
import { loadConfig } from '../config';

/**
 * Response headers over a real socket (not app.inject, so nothing Node adds is missed): the content security
 * policy, no framework banner, CORS closed unless CORS_ORIGINS opens it, HSTS only when PUBLIC_URL is https.
 */
const apps: TestApp[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});

async function serve(env: Record<string, string> = {}): Promise<{ t: TestApp; base: string }> {
  const t = await startTestApp(env);
  apps.push(t);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, base: address };
}

describe('security headers', () => {
  it('sends a strict content security policy and no framework banner, on the API, a 404 and a web path', async () => {
    const { base } = await serve();
    for (const path of ['/api/health', '/api/v1/publicConfig', '/api/v1/nothing-here', '/some/page']) {
      const res = await fetch(base + path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).toContain("frame-ancestors 'self'");
      expect(res.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-powered-by'), path).toBeNull();
      expect(res.headers.get('server'), path).toBeNull();
      expect(res.headers.get('strict-transport-security'), `${path}: no HSTS over plain http`).toBeNull();
    }
  });

  it('sends HSTS when PUBLIC_URL is https', async () => {
    const { base } = await serve({ PUBLIC_URL: 'https://portal.example.test' });
    const res = await fetch(`${base}/api/health`);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('keeps CORS closed by default: no allow-origin on a call or a preflight from another origin', async () => {
    const { base } = await serve();
    const call = await fetch(`${base}/api/v1/publicConfig`, { headers: { origin: 'https://evil.example' } });
    expect(call.status).toBe(200);
    expect(call.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${base}/api/v1/adminLogin`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, token',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
    expect(preflight.status).toBe(404);
  });

  it('opens CORS to the CORS_ORIGINS only', async () => {
    const { base } = await serve({ CORS_ORIGINS: 'https://ops.example.test, http://localhost:5173' });
    const preflight = await fetch(`${base}/api/v1/tenantList`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://ops.example.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, token',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://ops.example.test');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('token');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const call = await fetch(`${base}/api/v1/tenantList`, {
      method: 'POST',
      headers: { origin: 'http://localhost:5173', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(call.status).toBe(401);
    expect(call.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(call.headers.get('vary')).toMatch(/origin/i);
    const other = await fetch(`${base}/api/v1/publicConfig`, { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const otherPreflight = await fetch(`${base}/api/v1/tenantList`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(otherPreflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a CORS_ORIGINS that is not a list of origins', () => {
    expect(() => loadConfig({ CORS_ORIGINS: 'https://ops.example.test/path' })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS/);
    expect(loadConfig({}).corsOrigins).toEqual([]);
  });
});
