import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { REPO_ROOT, withEnvFile } from './env-file';
import { type ServerProcess, spawnServer } from './reliability/server-process';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-env-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const envFile = (text: string) => {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.env`);
  fs.writeFileSync(file, text);
  return file;
};

describe('.env file and DATA_DIR (issue #20)', () => {
  it('REPO_ROOT is the repository root, where .env.example is', () => {
    expect(fs.existsSync(path.join(REPO_ROOT, '.env.example'))).toBe(true);
    expect(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).workspaces).toBeDefined();
  });

  it('fills keys from the file; the environment wins over the file', () => {
    const file = envFile('# comment\nCLOUD_ID=FROMFILE\nPORT=9100\nPUBLIC_URL="https://portal.example.test"\n');
    const { env, file: read } = withEnvFile({ ENV_FILE: file, PORT: '9200' });
    expect(read).toBe(file);
    const c = loadConfig(env);
    expect(c).toMatchObject({ CLOUD_ID: 'FROMFILE', PORT: 9200, publicUrl: 'https://portal.example.test' });
  });

  it('ENV_FILE=none reads nothing; a named file that is missing is an error', () => {
    expect(withEnvFile({ ENV_FILE: 'none', PORT: '1' })).toEqual({ env: { ENV_FILE: 'none', PORT: '1' }, file: null });
    expect(() => withEnvFile({ ENV_FILE: path.join(dir, 'missing.env') })).toThrow(/missing\.env/);
  });

  it('a relative DATA_DIR is taken from the repository root, an absolute one as it is', () => {
    expect(loadConfig({}).dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(loadConfig({ DATA_DIR: 'var/db' }).dataDir).toBe(path.join(REPO_ROOT, 'var/db'));
    expect(loadConfig({ DATA_DIR: dir }).dataDir).toBe(dir);
  });
});

describe('a real server started with ENV_FILE', () => {
  let server: ServerProcess | undefined;
  afterAll(() => server?.stop());

  it('takes its settings from the file and keeps its database in the DATA_DIR the file names', async () => {
    const data = path.join(dir, 'data');
    const file = envFile(`CLOUD_ID=ENVFILE\nDATA_DIR=${data}\nMONITOR_BASE_URL=https://monitor.example.test\n`);
    // spawnServer's environment sets CLOUD_ID=CRASH (it wins over the file) and no DATA_DIR or MONITOR_BASE_URL.
    server = await spawnServer({ ENV_FILE: file });
    const cfg = (await (await fetch(`${server.base}/api/v1/publicConfig`)).json()) as Record<string, unknown>;
    expect(cfg).toMatchObject({ cloud_id: 'CRASH', monitor_base_url: 'https://monitor.example.test' });
    expect(fs.existsSync(path.join(data, 'provisio.sqlite'))).toBe(true);
  }, 90_000);
});
