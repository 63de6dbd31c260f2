import type { FastifyPluginAsync } from 'fastify';
import {
  DEFAULTS_KEYS,
  PROFILE_OPTIONS,
  type ProfileDefaultsReply,
  clientProfilesCalls as calls,
} from '@provisio/contract';
import { actorOf, callerOf } from '../../lib/audit';
import { t } from '../../lib/i18n';
import { sendList } from '../../lib/list-query';
import { route } from '../../lib/route';
import { getBlfKeys, saveBlfKeys } from './blf-keys';
import * as profiles from './client-profiles.service';

const DEFAULTS = Object.fromEntries(
  Object.entries(DEFAULTS_KEYS).map(([key, set]) => [key, PROFILE_OPTIONS[set]]),
) as ProfileDefaultsReply;

/**
 * Client profiles (spec §7). Reads are open to signed-in callers and scoped by tenant; writes are admin-only
 * (the spec's menu shows the area to admins only; docs/spec-deviations.md).
 */
export const clientProfilesRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  route(app, calls.profileSummary, async (req, reply) =>
    sendList(reply, await profiles.listProfiles(deps, callerOf(req), req.body ?? {})),
  );

  route(app, calls.profileDetail, (req) => profiles.getProfile(deps, callerOf(req), req.body.id));

  route(app, calls.profileCreateUpdate, async (req) => ({
    id: await profiles.saveProfile(deps, actorOf(req), req.body),
    message: t(req, 'dataSaved'),
  }));

  route(app, calls.deleteProfile, async (req) => {
    await profiles.deleteProfile(deps, actorOf(req), req.body.id);
    return { ok: true as const, message: t(req, 'recordDeleted') };
  });

  route(app, calls.getDefaults, async () => DEFAULTS);

  route(app, calls.getEffectiveProfile, (req) =>
    profiles.getEffectiveProfile(deps, callerOf(req), req.body.tenant_id, req.body.extension),
  );

  route(app, calls.getBlfKeys, (req) =>
    getBlfKeys(deps, callerOf(req), {
      profileId: req.body.profile_id,
      tenantId: req.body.tenant_id,
      extension: req.body.extension,
    }),
  );

  route(app, calls.saveBlfKeys, (req) => saveBlfKeys(deps, actorOf(req), req.body));
};
