import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { LIMITS, RecordingParams, cdrsCalls as calls } from '@provisio/contract';
import { route } from '../../lib/route';
import { listCdrs } from './cdrs.service';
import { getRecording } from './recordings.service';

const RecordingQuery = z.strictObject({
  grant: z.string().max(1000).optional(),
  token: z.string().max(600).optional(),
  tenant_id: z.string().max(LIMITS.shortTextMax).optional(),
});

/** Call history (issue #6): extension-token calls, and the recordings they link to. */
export const cdrsRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  route(app, calls.getCDRs, (req) => listCdrs(deps, req.body, 'mine', req.ip));

  route(app, calls.getGroupCDRs, (req) => listCdrs(deps, req.body, 'group', req.ip));

  route(
    app,
    calls.recording,
    async (req, reply) => {
      const { id } = req.params as RecordingParams;
      const q = req.query as z.output<typeof RecordingQuery>;
      const audio = await getRecording(deps, String(id), {
        grant: q.grant,
        token: q.token,
        tenantId: q.tenant_id,
        caller: req.caller,
        ip: req.ip,
      });
      return reply
        .type(audio.contentType)
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline')
        .send(audio.data);
    },
    { schema: { params: RecordingParams, querystring: RecordingQuery } },
  );
};
