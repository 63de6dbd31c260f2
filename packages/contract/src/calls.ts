import type { Call } from './call';
import { tenantsCalls } from './tenants';

/**
 * Every `/api/v1` call, by name: the server checks that it registers exactly these routes and the permission matrix
 * reads their access from here. Each module declares its own calls next to its schemas (e.g. `tenantsCalls`); the web
 * imports those per module (so a page's bundle holds only the calls it makes).
 */
export const CALLS = {
  ...tenantsCalls,
} satisfies Record<string, Call>;
export type CallName = keyof typeof CALLS;
