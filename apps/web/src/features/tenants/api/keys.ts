/** Query keys of the tenants area; invalidating `tenant(tid)` refreshes its extensions, app use and domains. */
export const tenantKeys = {
  row: (tid: string) => ['tenants', 'row', tid] as const,
  tenant: (tid: string) => ['tenants', tid] as const,
  extensions: (tid: string) => ['tenants', tid, 'extensions'] as const,
  usage: (tid: string) => ['tenants', tid, 'usage'] as const,
  domains: (tid: string) => ['tenants', tid, 'domains'] as const,
  details: (tid: string, extension: string) => ['tenants', tid, 'details', extension] as const,
  lastProvisioned: (tid: string) => ['tenants', tid, 'last-provisioned'] as const,
  templates: ['tenants', 'templates'] as const,
};
