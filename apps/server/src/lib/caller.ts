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
