import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { getFile } from './files.repository';

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public like the spec's picture path: <img> tags cannot send the Token header. Ids are 128-bit random.
  app.get('/files/:id', {
    config: { access: 'public' },
    schema: { tags: ['profile'], summary: 'A stored image', params: z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) }) },
    handler: async (req, reply) => {
      const file = await getFile(app.deps.db, req.params.id);
      if (!file) throw notFound();
      return reply
        .header('content-type', file.content_type)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('etag', `"${file.sha256}"`)
        // An SVG opened directly must not run script in the portal's origin.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.data));
    },
  });
};
