import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CdrsBody, CdrsReply, ErrorBody, LIMITS, RecordingParams } from '@provisio/contract';
import { listCdrs } from './cdrs.service';
import { getRecording } from './recordings.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };
const tags = ['end-user'];

const RecordingQuery = z.strictObject({
  grant: z.string().max(1000).optional(),
  token: z.string().max(600).optional(),
  tenant_id: z.string().max(LIMITS.shortTextMax).optional(),
});

/** Call history (issue #6): extension-token calls, and the recordings they link to. */
export const cdrsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/getCDRs', {
    config: { access: 'public' },
    schema: { tags, summary: "My Calls: the token's extension's call records (null when none)", body: CdrsBody, response: { 200: CdrsReply, ...errors } },
    handler: (req) => listCdrs(deps, req.body, 'mine', req.ip),
  });

  app.post('/getGroupCDRs', {
    config: { access: 'public' },
    schema: { tags, summary: "Group Calls: the tenant's call records, for admin extensions (null when none)", body: CdrsBody, response: { 200: CdrsReply, ...errors } },
    handler: (req) => listCdrs(deps, req.body, 'group', req.ip),
  });

  app.get('/recordings/:id', {
    config: { access: 'public' },
    schema: { tags, summary: 'A call recording: with a grant from getCDRs, an extension token (+tenant_id), or a portal session (+tenant_id)', params: RecordingParams, querystring: RecordingQuery },
    handler: async (req, reply) => {
      const q = req.query;
      const audio = await getRecording(deps, String(req.params.id), { grant: q.grant, token: q.token, tenantId: q.tenant_id, caller: req.caller, ip: req.ip });
      return reply.type(audio.contentType).header('cache-control', 'private, max-age=300').header('content-disposition', 'inline').send(audio.data);
    },
  });
};
