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

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const SAFE_SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle cx="5" cy="5" r="4" fill="#4466f2"/></svg>',
);

/** Builds a multipart body by hand, as a browser would send it. */
function form(
  fields: Record<string, string>,
  files: { name: string; filename: string; type: string; data: Buffer }[] = [],
) {
  const boundary = '----provisio' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, token },
  };
}

const update = (fields: Record<string, string>, files?: Parameters<typeof form>[1], lang = 'en') => {
  const f = form(fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/updateProfile',
    payload: f.payload,
    headers: { ...f.headers, 'accept-language': lang },
  });
};
const profile = async () => (await t.call('getProfileDetails', {}, { token })).json();

describe('profile', () => {
  it('reads the caller profile', async () => {
    expect(await profile()).toMatchObject({
      username: 'pat',
      email: 'pat@example.test',
      phone_number: '',
      user_type: 'simple user',
      url: null,
    });
  });

  it('saves text fields', async () => {
    const res = await update({
      type: 'text',
      name: 'Pat Doe',
      email: 'pat.doe@example.test',
      phone_number: '+1 555 0100',
    });
    expect(res.statusCode).toBe(200);
    expect(await profile()).toMatchObject({
      name: 'Pat Doe',
      email: 'pat.doe@example.test',
      phone_number: '+1 555 0100',
    });
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
    const res = await update({ type: 'image', name: 'Pat Doe', email: 'pat.doe@example.test', phone_number: '' }, [
      { name: 'file', filename: 'me.PNG', type: 'image/png', data: PNG },
    ]);
    expect(res.statusCode).toBe(200);
    const url: string = res.json().url;
    expect(url).toMatch(/^\/api\/v1\/files\/[0-9a-f]{32}$/);
    const img = await t.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    expect((await profile()).url).toBe(url);

    const svg = await update({ type: 'image', name: 'Pat Doe', email: '', phone_number: '' }, [
      { name: 'file', filename: 'logo.svg', type: 'image/svg+xml', data: SAFE_SVG },
    ]);
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
      [
        'x.svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        400,
        /contains scripts/,
      ],
      ['y.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 400, /contains scripts/],
      [
        'z.svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>'),
        400,
        /external content/,
      ],
      ['big.png', Buffer.concat([PNG, Buffer.alloc(5_242_881 - PNG.length + 1)]), 413, /too big/],
    ];
    for (const [filename, data, status, message] of cases) {
      const res = await update({ type: 'image', name: 'Pat', email: '', phone_number: '' }, [
        { name: 'file', filename, type: 'application/octet-stream', data },
      ]);
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
    const res = await update({ type: 'image', name: 'Pat', email: '', phone_number: '' }, [
      { name: 'file', filename: 'max.png', type: 'image/png', data },
    ]);
    expect(res.statusCode).toBe(200);
  });
});

describe('profile fields (issue 13 low items)', () => {
  it('refuses an unknown field by name and changes nothing', async () => {
    const before = await profile();
    const res = await update({
      type: 'text',
      name: 'Pat Evil',
      email: 'evil@example.test',
      phone_number: '',
      user_type: 'admin',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'validation_failed', message: 'user_type is not an accepted field.' });
    const fr = await update(
      { type: 'image', name: 'Pat Evil', picture_url: '/x' },
      [{ name: 'file', filename: 'me.png', type: 'image/png', data: PNG }],
      'fr',
    );
    expect(fr.statusCode).toBe(400);
    expect(fr.json().error.message).toBe("picture_url n'est pas un champ accepté.");
    expect(await profile()).toEqual(before);
  });

  it('keeps the stored email and phone when a picture upload leaves those fields out', async () => {
    expect(
      (await update({ type: 'text', name: 'Pat Doe', email: 'pat.kept@example.test', phone_number: '+1 555 0111' }))
        .statusCode,
    ).toBe(200);
    const res = await update({ type: 'image', name: 'Pat Doe' }, [
      { name: 'file', filename: 'me.png', type: 'image/png', data: PNG },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await profile()).toMatchObject({
      name: 'Pat Doe',
      email: 'pat.kept@example.test',
      phone_number: '+1 555 0111',
      url: res.json().url,
    });
    // An empty field still clears it.
    expect((await update({ type: 'text', name: 'Pat Doe', email: '', phone_number: '' })).statusCode).toBe(200);
    expect(await profile()).toMatchObject({ email: '', phone_number: '' });
  });
});

describe('SVG pictures (issue 13 low item: allow-list, entities decoded)', () => {
  const svg = (body: string, root = '') =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${root}>${body}</svg>`,
    );
  const upload = (data: Buffer) =>
    update({ type: 'image', name: 'Pat' }, [{ name: 'file', filename: 'p.svg', type: 'image/svg+xml', data }]);

  it('refuses script, handlers and every encoding of javascript: or outside references, changing nothing', async () => {
    const before = await profile();
    const unsafe: [string, Buffer][] = [
      ['decimal entity', svg('<a href="&#106;avascript:alert(1)"><circle r="4"/></a>')],
      ['hex entity', svg('<a xlink:href="&#x6A;avascript:alert(1)"><circle r="4"/></a>')],
      ['tab entity', svg('<a href="java&#x09;script:alert(1)"><circle r="4"/></a>')],
      ['use outside', svg('<use href="https://evil.example/s.svg#x"/>')],
      ['use data svg', svg('<use href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=#x"/>')],
      ['foreignObject', svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>')],
      ['script', svg('<script>alert(1)</script>')],
      ['prefixed script', svg('<s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script>')],
      ['onload', svg('<circle r="4"/>', ' onload="alert(1)"')],
      ['entity-named handler', svg('<circle r="4" o&#110;click="alert(1)"/>')],
      ['xlink javascript', svg('<image xlink:href="javascript:alert(1)"/>')],
      ['style url javascript', svg('<style>circle { fill: url(javascript:alert(1)) }</style><circle r="4"/>')],
      ['style escaped url', svg('<style>circle { background: u\\72l(https://evil.example/x) }</style>')],
      ['style entity markup', svg('<style>&lt;/style&gt;&lt;script&gt;alert(1)&lt;/script&gt;</style>')],
      ['style attribute import', svg('<circle r="4" style="fill:red;background:url(//evil.example/x)"/>')],
      ['animate href', svg('<a href="#x"><set attributeName="href" to="javascript:alert(1)"/><circle r="4"/></a>')],
      [
        'stylesheet instruction',
        Buffer.from(
          '<?xml version="1.0"?><?xml-stylesheet href="https://evil.example/x.xsl" type="text/xsl"?><svg xmlns="http://www.w3.org/2000/svg"/>',
        ),
      ],
      [
        'entity declaration',
        Buffer.from(
          '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "&#60;script&#62;alert(1)&#60;/script&#62;">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
        ),
      ],
    ];
    for (const [what, data] of unsafe) {
      const res = await upload(data);
      expect({ what, status: res.statusCode }).toEqual({ what, status: 400 });
      // A stylesheet instruction or an entity declaration before the root is not an SVG file at all.
      const message = ['stylesheet instruction', 'entity declaration'].includes(what)
        ? 'The file is not a valid SVG image.'
        : 'This SVG image contains scripts or external content and was refused.';
      expect(res.json().error.message, what).toBe(message);
    }
    expect(
      (
        await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><?xml-stylesheet href="x.xsl"?></svg>'))
      ).json().error.message,
    ).toMatch(/scripts or external/);
    expect(await profile()).toEqual(before);
  });

  it('accepts a drawing with inner references, embedded raster data and styles, stored as cleaned markup', async () => {
    const pixel = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const data = Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?>\n<!-- Logo -->\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">' +
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient><circle id="dot" r="2"/></defs>' +
        '<style>.a { fill: url(#g); } .b > circle { stroke: #000 }</style>' +
        `<use href="#dot" x="3"/><use xlink:href="#dot" x="6"/><image width="1" height="1" href="data:image/png;base64,${pixel}"/>` +
        '<text x="1" y="9" style="font-family: Arial">A &amp; B</text></svg>',
    );
    const res = await upload(data);
    expect(res.statusCode, res.body).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: res.json().url });
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.body).toMatch(/^<svg /);
    for (const kept of [
      'viewBox="0 0 10 10"',
      '<linearGradient id="g">',
      'href="#dot"',
      'xlink:href="#dot"',
      `data:image/png;base64,${pixel}`,
      '.b > circle',
      'A &amp; B',
    ])
      expect(served.body).toContain(kept);
    expect(served.body).not.toContain('Logo');
  });
});

describe('changePassword', () => {
  it('needs the right old password, keeps this session and ends the others', async () => {
    await createUser(t.db, { username: 'cora', password: 'cora-pass-1' });
    const mine = await t.login('cora', 'cora-pass-1');
    const other = await t.login('cora', 'cora-pass-1');
    const body = { username: 'cora', cloud_id: 'DEMO' };
    const wrong = await t.call(
      'changePassword',
      { ...body, old_password: 'nope', new_password: 'cora-pass-2' },
      { token: mine },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({ code: 'wrong_password', message: 'Wrong Password' });
    const short = await t.call(
      'changePassword',
      { ...body, old_password: 'cora-pass-1', new_password: '123' },
      { token: mine },
    );
    expect(short.statusCode).toBe(400);
    const ok = await t.call(
      'changePassword',
      { ...body, old_password: 'cora-pass-1', new_password: 'cora-pass-2' },
      { token: mine },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Successfully Updated Password');
    expect((await t.call('getProfileDetails', {}, { token: mine })).statusCode).toBe(200);
    expect((await t.call('getProfileDetails', {}, { token: other })).statusCode).toBe(401);
    await t.login('cora', 'cora-pass-2');
  });
});
