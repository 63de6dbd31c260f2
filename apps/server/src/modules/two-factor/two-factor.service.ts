import type { BodyOut, TwoFactorProofBody, TwoFactorSetupReply, TwoFactorStatusReply } from '@provisio/contract';
import type { Deps } from '../../deps';
import { type Actor, recordAudit } from '../../lib/audit';
import type { Caller } from '../../lib/caller';
import { AppError } from '../../lib/errors';
import { withPasswordCheck } from '../../lib/passwords';
import { claimAttempt, throttleRules } from '../auth/login-throttle';
import type { Principal } from '../auth/sessions';
import { enableWithCode, newRecoveryCodesFor, newSecretFor, openFactor } from './factor';
import * as repo from './two-factor.repository';

/** The caller's own second factor, from the profile screen (issue #18). */
const principalOf = (c: Caller): Principal => ({ type: c.kind, id: c.id });

/** The audit entry of a change to an account's second factor: an update of the account, naming the factor. */
export const factorAudit = (p: Principal, before: string, after: string) =>
  ({
    entity: p.type,
    entity_id: p.id,
    action: 'update',
    before: { two_factor: before },
    after: { two_factor: after },
  }) as const;

const throttle = (deps: Deps, c: Caller, ip: string) =>
  claimAttempt(deps.db, 'admin', `2fa/${c.username}`, ip, throttleRules(deps.config, 'admin'));

export async function status(deps: Deps, c: Caller): Promise<TwoFactorStatusReply> {
  const p = principalOf(c);
  const factor = await openFactor(deps.db, p);
  const enabled = factor?.enabled ?? false;
  return {
    enabled,
    enabled_at: enabled ? (factor?.enabledAt ?? null) : null,
    recovery_codes_left: enabled ? await repo.recoveryCodesLeft(deps.db.kysely, p) : 0,
    required: repo.policyApplies(await repo.readPolicy(deps.db.kysely), c.role),
  };
}

export const setup = (deps: Deps, c: Caller): Promise<TwoFactorSetupReply> =>
  newSecretFor(deps, principalOf(c), c.username);

export async function enable(deps: Deps, actor: Actor, code: string): Promise<string[]> {
  const c = actor.caller;
  const attempt = await throttle(deps, c, actor.ip);
  await enableWithCode(deps, principalOf(c), code, 'wrong_code');
  await attempt.succeeded();
  const codes = await newRecoveryCodesFor(deps, principalOf(c));
  await recordAudit(deps.db.kysely, actor, factorAudit(principalOf(c), 'off', 'on'));
  return codes;
}

/** The password or a current code, counted by the sign-in throttle like a sign-in. */
async function prove(deps: Deps, actor: Actor, body: BodyOut<typeof TwoFactorProofBody>): Promise<void> {
  const c = actor.caller;
  const p = principalOf(c);
  const factor = await openFactor(deps.db, p);
  if (!factor?.enabled) throw new AppError('conflict', 'twoFactorNotOn');
  const attempt = await throttle(deps, c, actor.ip);
  if (body.code !== undefined) {
    await factor.take(body.code, 'wrong_code');
  } else {
    const row = await deps.db.kysely
      .selectFrom(c.kind === 'user' ? 'users' : 'reseller_users')
      .select('password_hash')
      .where('id', '=', c.id)
      .executeTakeFirst();
    const ok = await withPasswordCheck((check) => check.verify(body.password ?? '', row?.password_hash ?? ''));
    if (!row || !ok) throw new AppError('wrong_password', 'wrongPassword');
  }
  await attempt.succeeded();
}

/** Turns the caller's factor off: codes, challenges and remembered browsers go with it. */
export async function disable(deps: Deps, actor: Actor, body: BodyOut<typeof TwoFactorProofBody>): Promise<void> {
  await prove(deps, actor, body);
  const p = principalOf(actor.caller);
  await deps.db.kysely.transaction().execute(async (trx) => {
    await repo.removeFactor(trx, p);
    await recordAudit(trx, actor, factorAudit(p, 'on', 'off'));
  });
}

export async function regenerate(
  deps: Deps,
  actor: Actor,
  body: BodyOut<typeof TwoFactorProofBody>,
): Promise<string[]> {
  await prove(deps, actor, body);
  const p = principalOf(actor.caller);
  const codes = await newRecoveryCodesFor(deps, p);
  await recordAudit(deps.db.kysely, actor, factorAudit(p, 'on', 'on, new recovery codes'));
  return codes;
}
