import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, JobList, JobReply, JobStatusBody, ListJobsBody } from '@provisio/contract';
import { requestLanguage } from '../../lib/i18n';
import { jobStatus, listJobs } from './jobs.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['jobs'];

export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/jobStatus', {
    schema: { tags, summary: "A background job's status, progress and report", body: JobStatusBody, response: { 200: JobReply, ...errors } },
    handler: (req) => jobStatus(deps, req.caller!, req.body.id, requestLanguage(req)),
  });

  app.post('/listJobs', {
    schema: { tags, summary: 'Recent background jobs the caller may see, newest first', body: ListJobsBody, response: { 200: JobList, ...errors } },
    handler: (req) => listJobs(deps, req.caller!, req.body.tenant_id, requestLanguage(req)),
  });
};
