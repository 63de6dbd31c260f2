import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DIRECTORY_PARAMS, LIMITS, directoryCalls as calls } from '@provisio/contract';
import { route } from '../../lib/route';
import { readDirectory } from './directory.service';

const DirectoryQuery = z.looseObject({}).meta({ description: DIRECTORY_PARAMS });

/** `Authorization: Basic …` (wsContactsAuthUsername/Password), or null. */
function basicAuth(header: string | undefined): { username: string; password: string } | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!m) return null;
  const text = Buffer.from(m[1]!, 'base64').toString('utf8');
  const at = text.indexOf(':');
  return at > 0 ? { username: text.slice(0, at), password: text.slice(at + 1) } : null;
}

function httpDate(header: string | undefined): number | null {
  const ms = header ? Date.parse(header) : NaN;
  return Number.isFinite(ms) ? ms : null;
}

/** The company directory the softphone app loads (issue #14 item 5). */
export const directoryRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  // Acrobits posts form fields by default (wsContactsContentType); only this plugin accepts them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: LIMITS.jsonBodyMaxBytes },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  // Sends its reply itself (a ready JSON string, or 304), so it hands back the reply object, not the declared body.
  const handle = async (req: FastifyRequest, reply: FastifyReply): Promise<never> => {
    const body = typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) ? req.body : {};
    const params = { ...(req.query as Record<string, unknown>), ...(body as Record<string, unknown>) };
    const result = await readDirectory(deps, {
      params,
      basic: basicAuth(req.headers.authorization),
      ip: req.ip,
      ifModifiedSince: httpDate(req.headers['if-modified-since']),
    });
    // Personal data: kept by the app, never by a shared cache, and always revalidated.
    reply.header('cache-control', 'private, no-cache');
    if (result.lastModified !== null) reply.header('last-modified', new Date(result.lastModified).toUTCString());
    if (result.status === 304) return reply.code(304).send();
    // A ready string skips the per-field serializer: at 100,000 contacts that matters.
    return reply.type('application/json; charset=utf-8').send(JSON.stringify({ contacts: result.contacts }));
  };

  const extras = { schema: { querystring: DirectoryQuery, response: { 304: z.null() } } };
  route(app, calls.directory, handle, extras);
  route(app, calls.directoryForm, handle, extras);
};
