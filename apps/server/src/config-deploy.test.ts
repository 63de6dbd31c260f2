import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigSchema, loadConfig } from './config';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** KEY=value lines as systemd's EnvironmentFile= reads them (no quotes in the file); `commented` also takes `# KEY=`. */
function envLines(text: string, commented: boolean): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = commented ? raw.replace(/^# (?=[A-Z_]+=)/, '') : raw;
    const m = /^([A-Z_]+)=(.*)$/.exec(line);
    if (m) env[m[1]!] = m[2]!.trim();
  }
  return env;
}

describe('deployment files (docs/deploy.md)', () => {
  const example = read('deploy/systemd/provisio.env.example');

  it('provisio.env.example passes the config schema, as set and with every commented key', () => {
    for (const commented of [false, true]) {
      const env = envLines(example, commented);
      for (const key of Object.keys(env)) expect(Object.keys(ConfigSchema.shape)).toContain(key);
      expect(() => loadConfig(env)).not.toThrow();
    }
    expect(loadConfig(envLines(example, false))).toMatchObject({
      TRUST_PROXY: true,
      SEED_DEMO: false,
      HOST: '127.0.0.1',
    });
    // systemd would keep or strip quotes and backslashes differently from a shell: the file has none.
    expect(example.split('\n').filter((l) => /^[# ]*[A-Z_]+=.*["'\\]/.test(l))).toEqual([]);
  });

  it('says for every configuration key whether several instances must share it', () => {
    const doc = read('docs/deploy.md');
    const section = doc.slice(doc.indexOf('## 5. Several instances'), doc.indexOf('## 6.'));
    const named = new Set(section.match(/`[A-Z_]+`/g)?.map((k) => k.slice(1, -1)));
    expect(Object.keys(ConfigSchema.shape).filter((k) => !named.has(k))).toEqual([]);
  });

  it('the unit runs the compiled server the build writes', () => {
    const unit = read('deploy/systemd/provisio.service');
    const exec = /^ExecStart=\/usr\/bin\/node (?:--\S+ )*(\S+)$/m.exec(unit);
    expect(exec?.[1]).toBe('apps/server/dist/server.js');
    expect(read('scripts/build.mjs')).toContain("output: at('apps/server/dist/server.js')");
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/provisio\/provisio\.env$/m);
  });
});
