import type { FastifyPluginAsync } from 'fastify';
import { filesCalls as calls } from '@provisio/contract';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { getFile } from './files.repository';

const FileParams = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) });

export const filesRoutes: FastifyPluginAsync = async (app) => {
  // Public like the spec's picture path: <img> tags cannot send the Token header. Ids are 128-bit random.
  route(
    app,
    calls.file,
    async (req, reply) => {
      const { id } = req.params as z.infer<typeof FileParams>;
      const file = await getFile(app.deps.db, id);
      if (!file) throw notFound();
      return (
        reply
          .header('content-type', file.content_type)
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('etag', `"${file.sha256}"`)
          // An SVG opened directly must not run script in the portal's origin.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .header('x-content-type-options', 'nosniff')
          .send(Buffer.from(file.data))
      );
    },
    { schema: { params: FileParams } },
  );
};
