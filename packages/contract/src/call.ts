import type { z } from 'zod';

/** Who may make a call: anyone (its own credentials decide), any signed-in portal user, or administrators only. */
export type Access = 'public' | 'signed-in' | 'admin';

/**
 * One `/api/v1` call, declared once: the server registers its route from it (apps/server/src/lib/route.ts), the web
 * makes it by this declaration (apps/web/src/lib/api.ts `callApi`), and the permission matrix reads its access.
 * Calls whose body is not JSON (multipart uploads, SDP, the Acrobits form) or whose reply is not JSON (XML, audio,
 * files) declare only what JSON they have; the route adds its own content handling.
 */
export interface Call<B extends z.ZodType | undefined = z.ZodType | undefined, R extends z.ZodType = z.ZodType> {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** Under /api/v1, e.g. `/tenantList` or `/monitor/:callId`. */
  readonly path: string;
  readonly access: Access;
  /** One line for the OpenAPI document. */
  readonly summary: string;
  readonly tags: readonly string[];
  /** The JSON body; absent when the call takes none (or a non-JSON one). */
  readonly body?: B;
  /** The 200 reply. */
  readonly reply: R;
}

/** Declares a call (keeps the literal types of body and reply for both sides). */
export const call = <B extends z.ZodType | undefined, R extends z.ZodType>(c: Call<B, R>): Call<B, R> => c;

/** The body a caller sends (zod input type), `undefined` for a call without one. */
export type BodyIn<B> = B extends z.ZodType ? z.input<B> : undefined;
/** The body as the server sees it after validation (zod output type). */
export type BodyOut<B> = B extends z.ZodType ? z.output<B> : undefined;
