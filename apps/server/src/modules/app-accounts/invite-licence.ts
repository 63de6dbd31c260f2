import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppColumnName } from '../extensions/licence-limits';
import { findTenant, readTenant } from '../tenants/tenants.repository';

/**
 * Which extensions an invitation may go to under the tenant's app licences, counted as licence-limits.ts counts
 * use: an app is open to an extension when the tenant-level switch is on or its own switch is; of those, the first
 * `limit` (by id) are within the licence. The per-extension switches are kept within the limit when turned on, so
 * this only cuts when the tenant-level switch is on for more extensions than licensed, or a licence was lowered.
 */
export interface AppSeats {
  tenantLevel: boolean;
  limit: number;
}
export type Seats = Record<AppColumnName, AppSeats>;
const APPS: AppColumnName[] = ['mobile_app_allowed', 'desktop_app_allowed'];

export async function tenantSeats(db: Kysely<Database>, tenantId: string): Promise<Seats> {
  const [tenant, licence] = await Promise.all([
    findTenant(db, tenantId),
    db
      .selectFrom('licences')
      .select(['vcx_mobile', 'vcx_desktop'])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst(),
  ]);
  const flags = tenant ? readTenant(tenant) : { mobile_app_allowed: false, desktop_app_allowed: false };
  return {
    mobile_app_allowed: { tenantLevel: flags.mobile_app_allowed, limit: Number(licence?.vcx_mobile ?? 0) },
    desktop_app_allowed: { tenantLevel: flags.desktop_app_allowed, limit: Number(licence?.vcx_desktop ?? 0) },
  };
}

type AppFlags = Record<AppColumnName, boolean>;
export type SeatCounts = Record<AppColumnName, number>;

/**
 * Walks extensions in id order: `seen` counts, per app, the extensions before this one the app is open to. Returns
 * whether this one is within the licence of at least one app, and advances the counts.
 */
export function takeSeat(seats: Seats, seen: SeatCounts, row: AppFlags): boolean {
  let within = false;
  for (const app of APPS) {
    if (!seats[app].tenantLevel && !row[app]) continue;
    seen[app]++;
    if (seen[app] <= seats[app].limit) within = true;
  }
  return within;
}

/** For one extension: how many extensions before it (by id) each app is open to, so takeSeat can judge it alone. */
export async function seatsBefore(
  db: Kysely<Database>,
  tenantId: string,
  seats: Seats,
  id: number,
): Promise<SeatCounts> {
  const before = db.selectFrom('extensions').where('tenant_id', '=', tenantId).where('id', '<', id);
  const count = async (app: AppColumnName) => {
    const q = seats[app].tenantLevel ? before : before.where(app, '=', 1);
    const row = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  };
  return {
    mobile_app_allowed: await count('mobile_app_allowed'),
    desktop_app_allowed: await count('desktop_app_allowed'),
  };
}
