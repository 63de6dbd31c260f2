/**
 * The portal as docs/deploy.md deploys it, for benchmarks: Debian's nginx running the shipped site file
 * (deploy/nginx/provisio.conf) on loopback with a throwaway certificate, TLS and HTTP/2 in front of one portal
 * instance. Only addresses, names and certificate paths are replaced, as scripts/check-deploy.sh does (which checks the
 * file itself); browsers then load the page's files over one HTTP/2 connection instead of six HTTP/1.1 ones.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../apps/server/src/reliability/server-process';

const SITE = path.resolve(import.meta.dirname, '../deploy/nginx/provisio.conf');

export interface NginxFront {
  /** https://localhost:<port> */
  base: string;
  stop(): Promise<void>;
}

export async function startNginxFront(upstreamPort: number): Promise<NginxFront> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-nginx-'));
  const [httpPort, tlsPort] = [await freePort(), await freePort()];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const replacements: [RegExp, string][] = [
    [/^ {4}server 127\.0\.0\.1:8080 (.*)$/m, `    server 127.0.0.1:${upstreamPort} $1`],
    [/^ {4}listen 80;$/m, `    listen 127.0.0.1:${httpPort};`],
    [/^ {4}listen \[::\]:80;\n/m, ''],
    [/^ {4}listen 443 ssl http2;$/m, `    listen 127.0.0.1:${tlsPort} ssl http2;`],
    [/^ {4}listen \[::\]:443 ssl http2;\n/m, ''],
    [/portal\.example\.com;/g, 'localhost;'],
    [/\/etc\/letsencrypt\/live\/portal\.example\.com\/fullchain\.pem/, path.join(dir, 'cert.pem')],
    [/\/etc\/letsencrypt\/live\/portal\.example\.com\/privkey\.pem/, path.join(dir, 'key.pem')],
  ];
  let site = fs.readFileSync(SITE, 'utf8');
  for (const [from, to] of replacements) {
    if (!from.test(site)) throw new Error(`${SITE} changed shape: ${from} not found (mend scripts/nginx-front.ts)`);
    site = site.replace(from, to);
  }
  fs.writeFileSync(path.join(dir, 'site.conf'), site);
  const temp = ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`).join('\n');
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;\nuser root;\nworker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\n` +
      `events { worker_connections 256; }\nhttp {\n  include /etc/nginx/mime.types;\n  access_log off;\n` +
      `${temp.replace('body_temp_path', 'client_body_temp_path')}\n  include ${dir}/site.conf;\n}\n`,
  );
  const nginx = spawn('nginx', ['-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()));
  for (let i = 0; ; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(tlsPort, '127.0.0.1', () => (s.end(), resolve(true)));
      s.on('error', () => resolve(false));
    });
    if (up) break;
    if (i > 100 || nginx.exitCode !== null)
      throw new Error(`nginx did not start: ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base: `https://localhost:${tlsPort}`,
    async stop() {
      nginx.kill('SIGQUIT');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
