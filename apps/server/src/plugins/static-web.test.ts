import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../test/harness';
import { signInBurst, timeDuring } from '../../test/password-burst';

let t: TestApp;
let dist: string;
const script = 'console.log("provisio");\n'.repeat(200);

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets/app-1a2b.js'), script);
  fs.writeFileSync(path.join(dist, 'assets/app-1a2b.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dist, 'assets/app-1a2b.js.gz'), zlib.gzipSync(script));
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, '.vite/manifest.json'), '{"src/main.tsx":{"file":"assets/app-1a2b.js"}}');
  t = await startTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('sends precompressed assets to browsers that accept them, cached for good', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers client routes with index.html, not cached, and unknown API paths with the JSON 404', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/tenants/details' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    // The build's manifest (a dot folder) is not published.
    const manifest = await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(manifest.body).not.toContain('src/main.tsx');
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
  });
});

describe('serving during a burst of password checks (issue #17)', () => {
  it('answers web files and /api/health at once while 150 sign-ins wait for scrypt', async () => {
    const burst = signInBurst(t, 150);
    const file = async () => {
      const r = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'br' } });
      expect(r.statusCode).toBe(200);
    };
    const health = async () => expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const [files, healths, replies] = await Promise.all([timeDuring(burst, file), timeDuring(burst, health), burst]);
    expect(files.length).toBeGreaterThan(2);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Infinity;
    expect(median(files), `file times ${files.map((x) => x.toFixed(0)).join(' ')}`).toBeLessThan(200);
    expect(median(healths), `health times ${healths.map((x) => x.toFixed(0)).join(' ')}`).toBeLessThan(200);
    expect(Math.max(...files, ...healths)).toBeLessThan(1000);
    // The burst was real: every sign-in was answered, some refused by the password queue, none with a 5xx.
    expect(replies.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    expect(replies.some((r) => r.statusCode === 429)).toBe(true);
  });

  it('answers a conditional request with 304 and each encoding with its own ETag', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'br' } });
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(br.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(br.headers['last-modified']).toBe(fs.statSync(path.join(dist, 'assets/app-1a2b.js')).mtime.toUTCString());
    const again = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const since = await t.app.inject({
      method: 'GET',
      url: '/index.html',
      headers: { 'if-modified-since': new Date(Date.now() + 60_000).toUTCString() },
    });
    expect(since.statusCode).toBe(304);
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.body).toBe('');
  });
});
