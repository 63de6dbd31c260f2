import type { ViewAsBody, ViewAsReply } from '@provisio/contract';
import type { Deps } from '../../deps';
import { type Actor, recordAudit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { type Principal, createViewSession, sessionLimits } from '../auth/sessions';

interface Viewed {
  principal: Principal;
  name: string;
  username: string;
  role: ViewAsReply['user']['user_type'];
  pictureUrl: string | null;
}

/** The account to view: a simple user or a reseller user; never an administrator, never an inactive account. */
async function findViewed(deps: Deps, body: ViewAsBody): Promise<Viewed> {
  const db = deps.db.kysely;
  if (body.principal_type === 'reseller_user') {
    const r = await db.selectFrom('reseller_users').selectAll().where('id', '=', body.id).executeTakeFirst();
    if (!r) throw notFound();
    const principal = { type: 'reseller_user', id: r.id } as const;
    return { principal, name: r.name, username: r.email, role: 'reseller user', pictureUrl: r.picture_url };
  }
  const u = await db.selectFrom('users').selectAll().where('id', '=', body.id).executeTakeFirst();
  if (!u) throw notFound();
  if (u.user_type === 'admin') throw new AppError('forbidden', 'viewAsAdminRefused');
  if (Number(u.active) !== 1) throw new AppError('bad_request', 'viewAsInactive');
  return {
    principal: { type: 'user', id: u.id },
    name: u.name,
    username: u.username,
    role: u.user_type,
    pictureUrl: u.picture_url,
  };
}

/**
 * Starts a view session (issue #18 item 4): a session of the viewed account that names the administrator's own
 * session and the reason; created and audited in one transaction. The administrator's session is not touched.
 */
export async function startViewing(
  deps: Deps,
  actor: Actor,
  body: ViewAsBody,
  userAgent: string,
): Promise<ViewAsReply> {
  const admin = actor.caller;
  // The route is for administrators; a view session is never one (sessions.ts), so a view cannot start another.
  if (admin.role !== 'admin' || admin.viewer) throw new AppError('forbidden', 'viewAsNotAllowed');
  // Only an administrator's own signed-in session can be viewed from (not an API key): the view lives by it.
  const own = await deps.db.kysely
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', admin.sessionId)
    .where('principal_type', '=', 'user')
    .where('principal_id', '=', admin.id)
    .where('viewer_session_id', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!own) throw new AppError('forbidden', 'viewAsNotAllowed');
  const viewed = await findViewed(deps, body);
  const limits = sessionLimits(deps.config).view;
  const { token } = await deps.db.kysely.transaction().execute(async (trx) => {
    const created = await createViewSession(
      trx,
      viewed.principal,
      { ip: actor.ip, userAgent },
      { viewerSessionId: admin.sessionId, reason: body.reason },
    );
    await recordAudit(trx, actor, {
      entity: 'view_as',
      entity_id: created.id,
      action: 'create',
      after: {
        principal_type: viewed.principal.type,
        principal_id: viewed.principal.id,
        username: viewed.username,
        reason: body.reason,
      },
    });
    return created;
  });
  return {
    Token: token,
    user: {
      id: viewed.principal.id,
      name: viewed.name,
      username: viewed.username,
      user_type: viewed.role,
      url: viewed.pictureUrl,
    },
    viewer: { id: admin.id, name: admin.name, username: admin.username },
    reason: body.reason,
    idle_minutes: Math.round(limits.idleMs / 60_000),
    expires_at: Date.now() + limits.maxMs,
  };
}

/**
 * Ends the view session the call is made with, audited with both names. Parallel calls end it once: only the one
 * whose update revoked it writes the audit line.
 */
export async function stopViewing(deps: Deps, actor: Actor): Promise<void> {
  const { caller } = actor;
  if (!caller.viewer) throw new AppError('bad_request', 'notViewingAs');
  const viewer = caller.viewer;
  await deps.db.kysely.transaction().execute(async (trx) => {
    const ended = await trx
      .updateTable('sessions')
      .set({ revoked_at: Date.now() })
      .where('id', '=', caller.sessionId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!ended) return;
    await recordAudit(trx, actor, {
      entity: 'view_as',
      entity_id: caller.sessionId,
      action: 'delete',
      before: {
        principal_type: caller.kind,
        principal_id: caller.id,
        username: caller.username,
        reason: viewer.reason,
      },
    });
  });
}
