import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { t } from '../lib/i18n';

/**
 * Serves the built web app from memory: every file (and the .br and .gz the build writes beside it,
 * apps/web/scripts/precompress.mjs) is read once at start, a few MB. Serving then needs no file read, so it never
 * waits for libuv's thread pool, which a burst of password checks can fill (issue #17). Headers as @fastify/static
 * gave them: ETag and Last-Modified from the file (W/"size-mtime"), 304 on a match, Vary: Accept-Encoding,
 * immutable caching for hashed assets, no-cache for the rest. Unknown non-API paths get index.html so the client
 * router can answer them. A rebuilt web app is served after a restart, as before (routes were fixed at start).
 */
export const staticWeb = fp(async (app: FastifyInstance) => {
  const root = app.deps.config.webDist;
  const files = fs.existsSync(path.join(root, 'index.html')) ? loadWebFiles(root) : new Map<string, WebFile>();
  const index = files.get('/index.html');
  if (index) {
    for (const [url, file] of files)
      app.get(url, { schema: { hide: true }, config: { access: 'public' } }, (request, reply) =>
        sendWebFile(request, reply, file),
      );
  } else {
    app.log.warn({ root }, 'web app not built: only the API is served (run npm run build)');
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/');
    if (!isApi && index && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendWebFile(request, reply, index);
    }
    return reply.status(404).send({ error: { code: 'not_found', message: t(request, 'routeNotFound') } });
  });
});

type Encoding = 'identity' | 'br' | 'gzip';

interface WebFile {
  type: string;
  cacheControl: string;
  lastModified: string;
  /** Whole seconds, as If-Modified-Since compares them. */
  mtimeS: number;
  /** The file as built, and its precompressed forms when the build wrote them, each with its own ETag. */
  variants: { identity: Variant } & Partial<Record<Encoding, Variant>>;
}
interface Variant {
  body: Buffer;
  etag: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** As the `etag` package makes it from a file's stat (what @fastify/static sent). */
const statTag = (s: fs.Stats) => `W/"${s.size.toString(16)}-${s.mtime.getTime().toString(16)}"`;

function loadWebFiles(root: string): Map<string, WebFile> {
  const files = new Map<string, WebFile>();
  const read = (file: string): Variant | undefined =>
    fs.existsSync(file) ? { body: fs.readFileSync(file), etag: statTag(fs.statSync(file)) } : undefined;
  for (const name of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const full = path.join(root, name);
    const stat = fs.statSync(full);
    // Dot files and folders (the build's .vite/manifest.json) are not published, as @fastify/static did not.
    const hidden = name.split(path.sep).some((part) => part.startsWith('.'));
    if (hidden || /\.(br|gz)$/.test(name) || !stat.isFile()) continue;
    const br = read(`${full}.br`);
    const gzip = read(`${full}.gz`);
    files.set(`/${name.split(path.sep).join('/')}`, {
      type: TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
      cacheControl: name.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      lastModified: stat.mtime.toUTCString(),
      mtimeS: Math.floor(stat.mtime.getTime() / 1000),
      variants: {
        identity: { body: fs.readFileSync(full), etag: statTag(stat) },
        ...(br && { br }),
        ...(gzip && { gzip }),
      },
    });
  }
  return files;
}

/** The encodings the client accepts (q > 0), by name. */
function accepted(header: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) out.add(name);
  }
  return out;
}

function sendWebFile(request: FastifyRequest, reply: FastifyReply, file: WebFile): FastifyReply {
  const accepts = accepted(request.headers['accept-encoding']);
  const wants = (e: Encoding) => file.variants[e] !== undefined && (accepts.has(e) || accepts.has('*'));
  const encoding: Encoding = wants('br') ? 'br' : wants('gzip') ? 'gzip' : 'identity';
  const { body, etag } = file.variants[encoding] ?? file.variants.identity;
  reply
    .header('cache-control', file.cacheControl)
    .header('last-modified', file.lastModified)
    .header('etag', etag)
    .header('content-type', file.type)
    .header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  if (notModified(request, etag, file.mtimeS)) return reply.status(304).send();
  return reply.header('content-length', String(body.length)).send(body);
}

function notModified(request: FastifyRequest, etag: string, mtimeS: number): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    // Weak comparison (RFC 9110 §13.1.2): W/ prefixes do not matter.
    const bare = (tag: string) => tag.trim().replace(/^W\//, '');
    return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && mtimeS * 1000 <= since;
}
