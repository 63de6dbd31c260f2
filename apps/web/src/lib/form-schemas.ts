import { LIMITS } from '@provisio/contract';
import { z } from 'zod';

/**
 * The form schemas the web builds itself (lib/form.ts), in a chunk fetched when a form first needs them: zod stays
 * off a page's critical path (issue #17).
 */

/** The first password of a portal user or a reseller user (lib/form.ts `NewAccountPassword`). */
export const accountPassword = () =>
  z.object({ password: z.string().min(LIMITS.adminPasswordMin, { error: 'accountPasswordMin' }) });

/** `{ password }` checked with the contract's rule for a new password. */
export const passwordObject = (password: z.ZodType<string>) => z.object({ password });
