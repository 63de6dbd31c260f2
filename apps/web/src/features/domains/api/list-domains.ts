import { DomainList, type DomainRow } from '@provisio/contract';
import { apiListRequest, type ListPage, type ListParams } from '../../../lib/api';

export const domainsKey = ['domains', 'list'] as const;

/** The server lists the domains of the tenants the caller may see. */
export function listDomains(params: ListParams): Promise<ListPage<DomainRow>> {
  return apiListRequest('/domainSummary', { body: params, schema: DomainList });
}
