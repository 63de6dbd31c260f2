import { type ResellerRow, type TenantRow } from '@provisio/contract';
import { callApi } from './api';

/** How many suggestions a typeahead shows; the server searches, so the full list never travels. */
export const LOOKUP_LIMIT = 20;

/** Tenants the caller may see (the server scopes them), for tenant pickers in several areas. */
export function searchTenants(search: string): Promise<TenantRow[]> {
  return callApi('tenantList', { search: search || undefined, limit: LOOKUP_LIMIT });
}

/** Resellers by name, for reseller pickers (admin only, like the areas that use them). */
export function searchResellers(search: string): Promise<ResellerRow[]> {
  return callApi('resellerSummary', { search: search || undefined, sort: 'name', limit: LOOKUP_LIMIT });
}
