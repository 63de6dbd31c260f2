import { z } from 'zod';

/**
 * Optional server-side search, sort and paging for list calls. The reply stays the spec's plain list; the total
 * number of matching rows is sent in the `X-Total-Count` header, so apps that ignore paging keep working.
 */
export const ListQuery = {
  search: z.string().trim().max(100).optional(),
  sort: z.string().max(40).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  limit: z.number().int().min(1).max(1000).optional(),
  offset: z.number().int().min(0).max(10_000_000).optional(),
};
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const PAGE_SIZES = [10, 20, 30] as const;
export const DEFAULT_PAGE_SIZE = 10;

export const IdBody = z.strictObject({
  id: z.number().int().positive(),
  user_id: z.union([z.number(), z.string().max(40)]).optional(),
  cloud_id: z.string().max(40).optional(),
});
export type IdBody = z.infer<typeof IdBody>;
