import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type AppSettingsReply, appSettingsCalls as calls } from '@provisio/contract';
import { t } from '../../lib/i18n';
import { route } from '../../lib/route';
import { type AppCaller, requireAppCaller } from '../app-auth/app-sessions';
import { type SettingsView, getAppSettings, saveAppSettings } from './app-settings.service';

/** An unavailable tab's reason, in the caller's language. */
function present(req: FastifyRequest, { reason, ...view }: SettingsView): AppSettingsReply {
  return reason ? { ...view, availability_message: t(req, reason) } : view;
}

/** The /settings_tab/* pages (issue #6): signed in with the app account's `App-Token` header, not the admin Token. */
export const appSettingsRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  // The app session is checked before the body is validated, so a caller without one learns nothing about inputs.
  const callers = new WeakMap<FastifyRequest, AppCaller>();
  const onRequest = async (req: FastifyRequest) => void callers.set(req, await requireAppCaller(deps, req));
  const who = (req: FastifyRequest) => callers.get(req)!;

  route(app, calls.getAppSettings, async (req) => present(req, await getAppSettings(deps, who(req), req.body.tab)), {
    onRequest,
  });

  route(
    app,
    calls.saveAppSettings,
    async (req) => ({ ...present(req, await saveAppSettings(deps, who(req), req.body)), message: t(req, 'dataSaved') }),
    { onRequest },
  );
};
