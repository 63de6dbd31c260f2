import type { FastifyReply } from 'fastify';
import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { TOTAL_COUNT_HEADER } from '@provisio/contract';
import { AppError } from './errors';

/** The contract's optional ListQuery fields, as they arrive in a summary call's body. */
export interface ListParams {
  search?: string | undefined;
  sort?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

export interface ListSpec {
  /** Column references searched as case-insensitive "contains". */
  search: string[];
  /** Sort keys a caller may ask for, each mapped to the expression that sorts it. */
  sorts: Record<string, Expression<unknown>>;
  defaultSort: string;
  defaultOrder?: 'asc' | 'desc';
  /** A unique column appended to every sort, so pages never overlap. */
  tieBreak: string;
  /** Page size when the caller gives none; omitted means the whole list (the spec's plain array). */
  defaultLimit?: number;
  /** The total of the unsearched list when it is kept elsewhere (a per-tenant count): no count(*) of every row. */
  total?: () => Promise<number>;
}

/** Sort by a column as stored (numbers, times). */
export const byColumn = (ref: string): Expression<unknown> => sql.ref(ref);
/** Sort text the same way on both databases, ignoring case. */
export const byText = (ref: string): Expression<unknown> => sql`lower(${sql.ref(ref)})`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A case-insensitive "contains" over several columns (PostgreSQL LIKE is case sensitive, so both sides are lowered). */
export function containsAny(columns: string[], term: string): Expression<SqlBool> {
  const pattern = `%${escapeLike(term.toLowerCase())}%`;
  const parts = columns.map((c) => sql<SqlBool>`lower(${sql.ref(c)}) like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/**
 * Applies search, a whitelisted sort, paging and the total count to a list query. The rows come back as the base
 * query selects them; `total` counts every row matching the search, before paging.
 */
export async function runList<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  params: ListParams,
  spec: ListSpec,
): Promise<{ rows: O[]; total: number }> {
  const sortKey = params.sort ?? spec.defaultSort;
  // An own-key lookup: 'constructor', '__proto__' or 'toString' name no sort (they are Object.prototype's).
  const sortExpr = Object.hasOwn(spec.sorts, sortKey) ? spec.sorts[sortKey] : undefined;
  if (!sortExpr) throw new AppError('validation_failed', 'fieldInvalid', { field: 'sort' });
  const order = params.order ?? (params.sort ? 'asc' : (spec.defaultOrder ?? 'asc'));
  const term = params.search?.trim();
  const filtered = term ? base.where(() => containsAny(spec.search, term)) : base;

  let page = filtered.orderBy(sortExpr, order).orderBy(sql.ref(spec.tieBreak), order);
  const limit = params.limit ?? spec.defaultLimit;
  if (limit !== undefined) page = page.limit(limit);
  if (params.offset) page = page.offset(params.offset);

  const count = async () => {
    if (!term && spec.total) return spec.total();
    const counted = filtered.clearSelect().select(sql<number | string>`count(*)`.as('n'));
    return Number(((await counted.executeTakeFirst()) as { n?: number | string } | undefined)?.n ?? 0);
  };
  const [rows, total] = await Promise.all([page.execute(), count()]);
  return { rows, total };
}

/** Sends a list the spec's way: the plain array, with the total in the X-Total-Count header. */
export function sendList<T>(reply: FastifyReply, list: { rows: T[]; total: number }): T[] {
  reply.header(TOTAL_COUNT_HEADER, String(list.total));
  return list.rows;
}
