import { type AUDIT_ACTIONS, type AUDIT_ENTITIES, type AuditRow } from '@provisio/contract';
import { callListApi, type ListPage, type ListParams } from '../../../lib/api';

export interface AuditFilters {
  entity?: (typeof AUDIT_ENTITIES)[number];
  action?: (typeof AUDIT_ACTIONS)[number];
  actor?: string;
  /** Changes about one tenant (issue #19). */
  tenant_id?: string;
  /** Epoch milliseconds, inclusive. */
  from?: number;
  to?: number;
}

export const auditKey = (filters: AuditFilters) => ['audit', 'list', filters] as const;

/** Newest first unless another sort is asked for; admin only. */
export function getAuditLog(filters: AuditFilters, params: ListParams): Promise<ListPage<AuditRow>> {
  return callListApi('auditLog', { ...filters, ...params });
}
