import { type DomainRow } from '@provisio/contract';
import { callListApi, type ListPage, type ListParams } from '../../../lib/api';

export const domainsKey = ['domains', 'list'] as const;

/** The server lists the domains of the tenants the caller may see. */
export function listDomains(params: ListParams): Promise<ListPage<DomainRow>> {
  return callListApi('domainSummary', params);
}
