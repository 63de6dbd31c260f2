import type { BodyOut, TwoFactorAccountBody, TwoFactorAccountReply, TwoFactorPolicy } from '@provisio/contract';
import type { Deps } from '../../deps';
import { type Actor, recordAudit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { type Principal, revokeAllSessions } from '../auth/sessions';
import { openFactor } from './factor';
import { factorAudit } from './two-factor.service';
import * as repo from './two-factor.repository';

/** What administrators do about two-factor sign-in: the policy, and resetting an account's factor (issue #18). */
export const getPolicy = async (deps: Deps) => ({ required_for: await repo.readPolicy(deps.db.kysely) });

export async function setPolicy(deps: Deps, actor: Actor, value: TwoFactorPolicy): Promise<void> {
  await deps.db.kysely.transaction().execute(async (trx) => {
    const before = await repo.readPolicy(trx);
    await repo.writePolicy(trx, value, actor.caller.username);
    await recordAudit(trx, actor, {
      entity: 'system_setting',
      entity_id: repo.POLICY_SETTING,
      action: 'update',
      before: { value: before },
      after: { value },
    });
  });
}

async function existing(deps: Deps, body: BodyOut<typeof TwoFactorAccountBody>): Promise<Principal> {
  const p: Principal = { type: body.account_type, id: body.id };
  const row = await deps.db.kysely
    .selectFrom(p.type === 'user' ? 'users' : 'reseller_users')
    .select('id')
    .where('id', '=', p.id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return p;
}

export async function accountStatus(
  deps: Deps,
  body: BodyOut<typeof TwoFactorAccountBody>,
): Promise<TwoFactorAccountReply> {
  const factor = await openFactor(deps.db, await existing(deps, body));
  return { enabled: factor?.enabled ?? false, enabled_at: factor?.enabled ? factor.enabledAt : null };
}

/** Removes the account's factor (it enrols again, if the policy asks, at its next sign-in) and ends its sessions. */
export async function resetFactor(deps: Deps, actor: Actor, body: BodyOut<typeof TwoFactorAccountBody>): Promise<void> {
  const p = await existing(deps, body);
  const before = (await openFactor(deps.db, p))?.enabled ? 'on' : 'off';
  await deps.db.kysely.transaction().execute(async (trx) => {
    await repo.removeFactor(trx, p);
    await recordAudit(trx, actor, factorAudit(p, before, 'reset by an administrator'));
  });
  await revokeAllSessions(deps.db, p);
}
