import { type DuplicateEmailList } from '@provisio/contract';
import type { z } from 'zod';
import { callApi } from '../../../lib/api';

export type DuplicateEmailRow = z.infer<typeof DuplicateEmailList>[number];

/** Extensions carrying this email (any case), in one tenant or in every tenant the caller may see. */
export function checkDuplicateEmails(email: string, tenantId: string | null): Promise<DuplicateEmailRow[]> {
  return callApi('checkDuplicateEmails', { email, tenant_id: tenantId ?? undefined });
}
