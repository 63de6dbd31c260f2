import type { Access, Role } from '@provisio/contract';

/** Who is calling, as established from the session token; never from the request body. */
export interface Caller {
  kind: 'user' | 'reseller_user';
  id: number;
  role: Role;
  name: string;
  username: string;
  email: string;
  pictureUrl: string | null;
  /** The company (tenant id) a simple user belongs to; empty for others. */
  company: string;
  sessionId: number;
  /** Issue #18 "view as": set when an administrator views the portal as this account (modules/view-as). */
  viewer?: Viewer;
  /** Issue #18 API keys: set when the call is made with an API key (modules/api-keys/api-key-auth.ts). */
  apiKey?: ApiKeyCaller;
}

/** The key behind a call: its scope decides the caller's role (docs/security.md, "API keys"). */
export interface ApiKeyCaller {
  id: number;
  name: string;
  readOnly: boolean;
  /** Set for a key of one reseller's tenants (the caller is then a reseller user limited to that reseller). */
  resellerId: number | null;
}

/** The administrator behind a view session, the reason they gave, and their own session (the view ends with it). */
export interface Viewer {
  id: number;
  name: string;
  username: string;
  reason: string;
  sessionId: number;
}

export type { Access } from '@provisio/contract';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route. Routes without it need a signed-in caller. */
    access?: Access;
  }
}
