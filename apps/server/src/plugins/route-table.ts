import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodType } from 'zod';
import type { Access } from '../lib/caller';

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
  /** The zod schema of the JSON body, when the route declares one. */
  body?: ZodType;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered, as the permission matrix and fuzz tests read it. */
    routeTable: RouteEntry[];
  }
}

/** Records each route as it is added (registered first, so it sees every later route). */
export const routeTable = fp(async (app: FastifyInstance) => {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    const access = (r.config as { access?: Access } | undefined)?.access ?? 'signed-in';
    const body = r.schema?.body as ZodType | undefined;
    for (const method of methods) table.push({ method, url: r.url, access, ...(body ? { body } : {}) });
  });
});
