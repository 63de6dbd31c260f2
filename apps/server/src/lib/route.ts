import { type BodyOut, type Call, ErrorBody } from '@provisio/contract';
import type { z } from 'zod';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';

/** Every refusal a call may answer, in the one error shape (lib/errors.ts ERROR_STATUS). */
const ERROR_REPLIES = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  413: ErrorBody,
  415: ErrorBody,
  424: ErrorBody,
  429: ErrorBody,
  503: ErrorBody,
};

export type CallRequest<B> = FastifyRequest<{ Body: BodyOut<B> }>;
/** Answers with the declared reply, or sends another answer itself and returns the reply object (a 202, a 304). */
export type CallHandler<B, R extends z.ZodType> = (
  req: CallRequest<B>,
  reply: FastifyReply,
) => Promise<z.output<R> | FastifyReply> | z.output<R> | FastifyReply;

/** What a route may add to its call's declaration: params or query schemas, content handling, hooks, limits. */
export type RouteExtras = Omit<Partial<RouteOptions>, 'method' | 'url' | 'handler' | 'schema' | 'config'> & {
  schema?: Omit<FastifySchema, 'body' | 'response'> & { response?: Record<number, unknown> };
};

/**
 * Registers the route of a call declared in the contract (packages/contract/src/call.ts): method, path, access, body and
 * reply schemas and the OpenAPI summary come from the declaration, so a module's routes file holds only handlers.
 */
export function route<B extends z.ZodType | undefined, R extends z.ZodType>(
  app: FastifyInstance,
  c: Call<B, R>,
  handler: CallHandler<B, R>,
  extras: RouteExtras = {},
): void {
  const { schema: extraSchema, ...rest } = extras;
  const { response: extraResponse, ...schemaRest } = extraSchema ?? {};
  app.route({
    ...rest,
    method: c.method,
    url: c.path,
    config: { access: c.access },
    schema: {
      tags: [...c.tags],
      summary: c.summary,
      ...schemaRest,
      ...(c.body ? { body: c.body } : {}),
      response: { 200: c.reply, ...ERROR_REPLIES, ...extraResponse },
    },
    handler: handler as unknown as RouteHandlerMethod,
  });
}
