import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createUser, startTestApp } from '../../../test/harness';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  await createUser(t.db, { username: 'pat', password: 'pat-pass-1', email: 'pat@example.test' });
  token = await t.login('pat', 'pat-pass-1');
});
afterAll(() => t.close());

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const SAFE_SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle cx="5" cy="5" r="4" fill="#4466f2"/></svg>');

/** Builds a multipart body by hand, as a browser would send it. */
function form(fields: Record<string, string>, files: { name: string; filename: string; type: string; data: Buffer }[] = []) {
  const boundary = '----provisio' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`), f.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, token } };
}

const update = (fields: Record<string, string>, files?: Parameters<typeof form>[1], lang = 'en') => {
  const f = form(fields, files);
  return t.app.inject({ method: 'POST', url: '/api/v1/updateProfile', payload: f.payload, headers: { ...f.headers, 'accept-language': lang } });
};
const profile = async () => (await t.call('getProfileDetails', {}, { token })).json();

describe('profile', () => {
  it('reads the caller profile', async () => {
    expect(await profile()).toMatchObject({ username: 'pat', email: 'pat@example.test', phone_number: '', user_type: 'simple user', url: null });
  });

  it('saves text fields', async () => {
    const res = await update({ type: 'text', name: 'Pat Doe', email: 'pat.doe@example.test', phone_number: '+1 555 0100' });
    expect(res.statusCode).toBe(200);
    expect(await profile()).toMatchObject({ name: 'Pat Doe', email: 'pat.doe@example.test', phone_number: '+1 555 0100' });
  });

  it('refuses missing data and bad fields without changing anything', async () => {
    const before = await profile();
    const res = await update({ type: 'text', name: '', email: 'x@example.test' }, undefined, 'pt');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Dados em falta');
    expect((await update({ type: 'text', name: 'P', email: 'not-an-email' })).statusCode).toBe(400);
    expect((await update({ type: 'image', name: 'P' })).statusCode).toBe(400);
    const json = await t.call('updateProfile', { type: 'text', name: 'X' }, { token });
    expect(json.statusCode).toBe(415);
    expect(await profile()).toEqual(before);
  });

  it('stores an image in the database and serves it with a safe content type', async () => {
    const res = await update({ type: 'image', name: 'Pat Doe', email: 'pat.doe@example.test', phone_number: '' }, [{ name: 'file', filename: 'me.PNG', type: 'image/png', data: PNG }]);
    expect(res.statusCode).toBe(200);
    const url: string = res.json().url;
    expect(url).toMatch(/^\/api\/v1\/files\/[0-9a-f]{32}$/);
    const img = await t.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    expect((await profile()).url).toBe(url);

    const svg = await update({ type: 'image', name: 'Pat Doe', email: '', phone_number: '' }, [{ name: 'file', filename: 'logo.svg', type: 'image/svg+xml', data: SAFE_SVG }]);
    expect(svg.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: svg.json().url });
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toMatch(/sandbox/);
    // The replaced picture is gone.
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('checks images by content, type and size', async () => {
    const before = await profile();
    const cases: [string, Buffer, number, RegExp][] = [
      ['fake.png', Buffer.from('GIF89a not a png'), 400, /not a valid PNG image/],
      ['photo.jpg', PNG, 400, /not a valid JPG image/],
      ['tool.exe', PNG, 400, /Only \.jpg, \.gif, \.png and \.svg/],
      ['x.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 400, /contains scripts/],
      ['y.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 400, /contains scripts/],
      ['z.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>'), 400, /external content/],
      ['big.png', Buffer.concat([PNG, Buffer.alloc(5_242_881 - PNG.length + 1)]), 413, /too big/],
    ];
    for (const [filename, data, status, message] of cases) {
      const res = await update({ type: 'image', name: 'Pat', email: '', phone_number: '' }, [{ name: 'file', filename, type: 'application/octet-stream', data }]);
      expect(res.statusCode, filename).toBe(status);
      expect(res.json().error.message, filename).toMatch(message);
    }
    const two = await update({ type: 'image', name: 'Pat', email: '', phone_number: '' }, [
      { name: 'file', filename: 'a.png', type: 'image/png', data: PNG },
      { name: 'file2', filename: 'b.png', type: 'image/png', data: PNG },
    ]);
    expect(two.statusCode).toBe(413);
    expect(await profile()).toEqual(before);
  });

  it('accepts an image of exactly 5,242,880 bytes', async () => {
    const data = Buffer.concat([PNG, Buffer.alloc(5_242_880 - PNG.length)]);
    const res = await update({ type: 'image', name: 'Pat', email: '', phone_number: '' }, [{ name: 'file', filename: 'max.png', type: 'image/png', data }]);
    expect(res.statusCode).toBe(200);
  });
});

describe('changePassword', () => {
  it('needs the right old password, keeps this session and ends the others', async () => {
    await createUser(t.db, { username: 'cora', password: 'cora-pass-1' });
    const mine = await t.login('cora', 'cora-pass-1');
    const other = await t.login('cora', 'cora-pass-1');
    const body = { username: 'cora', cloud_id: 'DEMO' };
    const wrong = await t.call('changePassword', { ...body, old_password: 'nope', new_password: 'cora-pass-2' }, { token: mine });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({ code: 'wrong_password', message: 'Wrong Password' });
    const short = await t.call('changePassword', { ...body, old_password: 'cora-pass-1', new_password: '123' }, { token: mine });
    expect(short.statusCode).toBe(400);
    const ok = await t.call('changePassword', { ...body, old_password: 'cora-pass-1', new_password: 'cora-pass-2' }, { token: mine });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Successfully Updated Password');
    expect((await t.call('getProfileDetails', {}, { token: mine })).statusCode).toBe(200);
    expect((await t.call('getProfileDetails', {}, { token: other })).statusCode).toBe(401);
    await t.login('cora', 'cora-pass-2');
  });
});
