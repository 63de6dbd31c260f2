import type { Kysely } from 'kysely';
import {
  type Language,
  type LinkRecipient,
  type MessageKey,
  type SkipReason,
  type SkippedRecipient,
  formatMessage,
} from '@provisio/contract';
import type { Database } from '../../db/schema';
import { type TenantScope, scopeToCaller } from '../tenants/tenant-scope';

const CHUNK = 500;

const SKIP_MESSAGE: Record<SkipReason, MessageKey> = {
  not_linked: 'emailSkipNotLinked',
  no_app_account: 'emailSkipNoAppAccount',
  app_revoked: 'emailSkipAppRevoked',
  no_subscriber: 'emailSkipNoSubscriber',
};

export function skipped(
  lang: Language,
  r: { tenant_id: string; extension: string; email: string; reason: SkipReason },
): SkippedRecipient {
  return { ...r, message: formatMessage(lang, SKIP_MESSAGE[r.reason], { extension: r.extension, email: r.email }) };
}

export interface LinkPlan {
  toSend: LinkRecipient[];
  skipped: SkippedRecipient[];
}

/**
 * Who a QR-link send reaches (issue #20): for each email, the subscribers of the scope having it. Only those that
 * are linked, have an app account in this cloud (what the QR page signs in to) and whose app is not revoked get a
 * message; the others are skipped with their reason, as is an email that no subscriber of the scope has. The same
 * rule runs when the call is made (its reply and quota) and when the job sends (the authority at sending time).
 */
export async function planLinkRecipients(
  db: Kysely<Database>,
  cloudId: string,
  scope: TenantScope,
  emails: readonly string[],
  lang: Language,
): Promise<LinkPlan> {
  const plan: LinkPlan = { toSend: [], skipped: [] };
  for (let i = 0; i < emails.length; i += CHUNK) {
    const part = emails.slice(i, i + CHUNK);
    const q = db
      .selectFrom('extensions as e')
      .leftJoin('app_accounts as a', (j) =>
        j
          .onRef('a.tenant_id', '=', 'e.tenant_id')
          .onRef('a.extension', '=', 'e.extension')
          .on('a.cloud_id', '=', cloudId),
      )
      .leftJoin('app_activations as v', 'v.app_account_id', 'a.id')
      .select(['e.tenant_id', 'e.extension', 'e.email', 'e.firstname', 'e.lastname', 'e.linked', 'a.id as account'])
      .select('v.revoked_at')
      .where((eb) => eb(eb.fn('lower', ['e.email']), 'in', part));
    const rows = await scopeToCaller(db, q, scope, 'e.tenant_id')
      .orderBy('e.tenant_id')
      .orderBy('e.extension')
      .execute();
    const found = new Set(rows.map((r) => r.email.toLowerCase()));
    for (const email of part) {
      if (!found.has(email))
        plan.skipped.push(skipped(lang, { tenant_id: '', extension: '', email, reason: 'no_subscriber' }));
    }
    for (const r of rows) {
      const who = { tenant_id: r.tenant_id, extension: r.extension, email: r.email };
      const reason: SkipReason | null = !Number(r.linked)
        ? 'not_linked'
        : r.account === null
          ? 'no_app_account'
          : r.revoked_at !== null
            ? 'app_revoked'
            : null;
      if (reason) plan.skipped.push(skipped(lang, { ...who, reason }));
      else plan.toSend.push({ ...who, firstname: r.firstname, lastname: r.lastname });
    }
  }
  return plan;
}

/** Messages per tenant of a plan (what the quota is claimed for). */
export function perTenantOf(plan: LinkPlan, copies: number): Map<string, number> {
  const perTenant = new Map<string, number>();
  for (const r of plan.toSend) perTenant.set(r.tenant_id, (perTenant.get(r.tenant_id) ?? 0) + 1 + copies);
  return perTenant;
}
