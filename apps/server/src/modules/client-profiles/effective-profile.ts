import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type ProfileRecord, candidateProfiles } from './client-profiles.repository';

export type MatchedBy = 'domain' | 'tenant' | 'default';

interface Scoped {
  id: number;
  tenant_id: string | null;
  domain: string | null;
}

const rank = (p: Scoped, tenantId: string, domain: string): number => {
  if (p.tenant_id === tenantId && p.domain !== null && p.domain === domain) return 3;
  if (p.tenant_id === tenantId && p.domain === null) return 2;
  if (p.tenant_id === null && p.domain === null) return 1;
  return 0;
};
const MATCH: Record<number, MatchedBy> = { 3: 'domain', 2: 'tenant', 1: 'default' };

/**
 * The most specific profile for an extension: one bound to its domain, else to its tenant, else the cloud's
 * default (bound to neither). Saving keeps one profile per scope; should two exist anyway, the older one wins.
 */
export function pickMostSpecific<P extends Scoped>(
  profiles: P[],
  tenantId: string,
  domain: string,
): { profile: P; matchedBy: MatchedBy } | null {
  let best: { profile: P; score: number } | null = null;
  for (const p of profiles) {
    const score = rank(p, tenantId, domain);
    if (score === 0) continue;
    if (!best || score > best.score || (score === best.score && p.id < best.profile.id)) best = { profile: p, score };
  }
  return best ? { profile: best.profile, matchedBy: MATCH[best.score]! } : null;
}

/** Reads the candidates and picks the one that applies to an extension of `tenantId` on `domain`. */
export async function effectiveProfile(
  db: Kysely<Database>,
  tenantId: string,
  domain: string,
): Promise<{ profile: ProfileRecord; matchedBy: MatchedBy } | null> {
  return pickMostSpecific(await candidateProfiles(db, tenantId, domain), tenantId, domain);
}
