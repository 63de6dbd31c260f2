import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';

export type AccountType = 'user' | 'reseller_user';

/**
 * An email address belongs to one portal user or reseller user (issue #13): a reset request for an address must
 * reach one account only, so an address held by another account is refused with 409. `self` is the account being
 * saved (absent when it is created).
 */
export async function assertEmailUnclaimed(
  db: Kysely<Database>,
  email: string,
  self?: { type: AccountType; id: number },
): Promise<void> {
  const address = email.trim().toLowerCase();
  if (!address) return;
  const user = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', address))
    .$if(self?.type === 'user', (q) => q.where('id', '!=', self!.id))
    .executeTakeFirst();
  const reseller = await db
    .selectFrom('reseller_users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', address))
    .$if(self?.type === 'reseller_user', (q) => q.where('id', '!=', self!.id))
    .executeTakeFirst();
  if (user || reseller) throw new AppError('conflict', 'emailTaken');
}

/** True when a save changes the address (case aside): only then is it checked, so older shared rows stay editable. */
export const emailChanged = (before: string, after: string) =>
  before.trim().toLowerCase() !== after.trim().toLowerCase();
