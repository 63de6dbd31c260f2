import type { z } from 'zod';
import type { AuditLogBody, AuditRow } from '@provisio/contract';
import type { Deps } from '../../deps';
import { sql } from 'kysely';
import { byColumn, byText, containsAny, runList } from '../../lib/list-query';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

const parse = (json: string | null): Record<string, unknown> | null =>
  json ? (JSON.parse(json) as Record<string, unknown>) : null;

/** The audit trail with its filters; a page of 100 unless the caller asks otherwise. */
export async function listAudit(
  deps: Deps,
  f: z.infer<typeof AuditLogBody>,
): Promise<{ rows: AuditRow[]; total: number }> {
  const base = deps.db.kysely
    .selectFrom('audit_log')
    .selectAll()
    .$if(f.entity !== undefined, (q) => q.where('entity', '=', f.entity!))
    .$if(f.entity_id !== undefined, (q) => q.where('entity_id', '=', f.entity_id!))
    .$if(f.action !== undefined, (q) => q.where('action', '=', f.action!))
    .$if(!!f.actor?.trim(), (q) => q.where(containsAny(['actor_name', 'viewer_name'], f.actor!.trim())))
    .$if(f.tenant_id !== undefined, (q) => {
      // The tenant's own rows, its extensions' ('tid/ext'), and every record whose values name it (licence, domain,
      // app account, client profile...): the scrubbed JSON is written by JSON.stringify, so the pair has no spaces.
      const tid = f.tenant_id!;
      const named = `%${escapeLike(JSON.stringify({ tenant_id: tid }).slice(1, -1))}%`;
      return q.where((eb) =>
        eb.or([
          eb.and([eb('entity', '=', 'tenant'), eb('entity_id', '=', tid)]),
          eb(sql<string>`entity_id`, 'like', sql<string>`${`${escapeLike(tid)}/%`} escape '\\'`),
          eb(sql<string>`before_json`, 'like', sql<string>`${named} escape '\\'`),
          eb(sql<string>`after_json`, 'like', sql<string>`${named} escape '\\'`),
        ]),
      );
    })
    .$if(f.from !== undefined, (q) => q.where('at', '>=', f.from!))
    .$if(f.to !== undefined, (q) => q.where('at', '<=', f.to!));
  const { rows, total } = await runList(base, f, {
    search: ['actor_name', 'entity', 'entity_id', 'ip'],
    sorts: {
      at: byColumn('at'),
      id: byColumn('id'),
      entity: byText('entity'),
      action: byText('action'),
      actor_name: byText('actor_name'),
    },
    defaultSort: 'at',
    defaultOrder: 'desc',
    tieBreak: 'id',
    defaultLimit: 100,
  });
  return {
    rows: rows.map(({ before_json, after_json, ...r }) => ({
      ...r,
      before: parse(before_json),
      after: parse(after_json),
    })),
    total,
  };
}
