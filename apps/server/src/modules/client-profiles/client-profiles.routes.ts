import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BlfKeyList,
  CreatedReply,
  DEFAULTS_KEYS,
  EffectiveProfileBody,
  EffectiveProfileReply,
  ErrorBody,
  GetBlfKeysBody,
  IdBody,
  OkReply,
  PROFILE_OPTIONS,
  ProfileCreateUpdateBody,
  ProfileDefaultsReply,
  ProfileDetail,
  ProfileList,
  ProfileSummaryBody,
  SaveBlfKeysBody,
} from '@provisio/contract';
import { actorOf } from '../../lib/audit';
import { t } from '../../lib/i18n';
import { sendList } from '../../lib/list-query';
import { getBlfKeys, saveBlfKeys } from './blf-keys';
import * as profiles from './client-profiles.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const admin = { access: 'admin' } as const;
const tags = ['client-profiles'];

const DEFAULTS = Object.fromEntries(Object.entries(DEFAULTS_KEYS).map(([key, set]) => [key, PROFILE_OPTIONS[set]])) as ProfileDefaultsReply;

/**
 * Client profiles (spec §7). Reads are open to signed-in callers and scoped by tenant; writes are admin-only
 * (the spec's menu shows the area to admins only; docs/spec-deviations.md).
 */
export const clientProfilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/profileSummary', {
    schema: { tags, summary: 'Client profiles the caller may see; optional search, sort and paging (total in X-Total-Count)', body: ProfileSummaryBody.optional(), response: { 200: ProfileList, ...errors } },
    handler: async (req, reply) => sendList(reply, await profiles.listProfiles(deps, req.caller!, req.body ?? {})),
  });

  app.post('/profileDetail', {
    schema: { tags, summary: 'Every field of one client profile', body: IdBody, response: { 200: ProfileDetail, ...errors } },
    handler: (req) => profiles.getProfile(deps, req.caller!, req.body.id),
  });

  app.post('/profileCreateUpdate', {
    config: admin,
    schema: { tags, summary: 'Create a client profile, or replace one when id is given', body: ProfileCreateUpdateBody, response: { 200: CreatedReply, ...errors } },
    handler: async (req) => ({ id: await profiles.saveProfile(deps, actorOf(req), req.body), message: t(req, 'dataSaved') }),
  });

  app.post('/deleteProfile', {
    config: admin,
    schema: { tags, summary: 'Delete a client profile with its BLF keys', body: IdBody, response: { 200: OkReply, ...errors } },
    handler: async (req) => {
      await profiles.deleteProfile(deps, actorOf(req), req.body.id);
      return { ok: true as const, message: t(req, 'recordDeleted') };
    },
  });

  app.get('/getDefaults', {
    schema: { tags, summary: 'Allowed values of the transports, codec orders (RTP payload numbers), DTMF order and video codec orders', response: { 200: ProfileDefaultsReply, 401: ErrorBody } },
    handler: async () => DEFAULTS,
  });

  app.post('/getEffectiveProfile', {
    schema: { tags, summary: "The profile an extension's app gets: its domain's, else its tenant's, else the cloud default", body: EffectiveProfileBody, response: { 200: EffectiveProfileReply, ...errors } },
    handler: (req) => profiles.getEffectiveProfile(deps, req.caller!, req.body.tenant_id, req.body.extension),
  });

  app.post('/getBlfKeys', {
    schema: { tags, summary: "A subscriber's busy-lamp keys under a profile, in order", body: GetBlfKeysBody, response: { 200: BlfKeyList, ...errors } },
    handler: (req) => getBlfKeys(deps, req.caller!, { profileId: req.body.profile_id, tenantId: req.body.tenant_id, extension: req.body.extension }),
  });

  app.post('/saveBlfKeys', {
    config: admin,
    schema: { tags, summary: "Replace a subscriber's busy-lamp keys (extensions of the same tenant, in order)", body: SaveBlfKeysBody, response: { 200: BlfKeyList, ...errors } },
    handler: (req) => saveBlfKeys(deps, actorOf(req), req.body),
  });
};
