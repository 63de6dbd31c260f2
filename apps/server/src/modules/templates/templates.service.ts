import type { TemplateCreateUpdateBody, TemplateRow } from '@provisio/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import { type Actor, recordAudit } from '../../lib/audit';
import { AppError, notFound, uniqueOr } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/html';

const COLUMNS = ['id', 'name', 'subject', 'body', 'is_default'] as const;
const nameTaken = () => new AppError('conflict', 'templateNameTaken');

/** Every template, by name; any signed-in caller may read them (later issues email users with them). */
export async function listTemplates(deps: Deps): Promise<TemplateRow[]> {
  const rows = await deps.db.kysely
    .selectFrom('email_templates')
    .select(COLUMNS)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, is_default: Number(r.is_default) === 1 }));
}

/**
 * Issue #19: true makes this template the one default (the others lose it first, in the same transaction; the
 * unique index refuses a second default should two saves race), false clears it, undefined leaves it.
 */
/**
 * Saves that change the default take turns (PostgreSQL: a transaction-scoped advisory lock; SQLite runs one write
 * transaction at a time anyway): each then sees the default the previous one left, so neither deadlocks nor trips
 * the index.
 */
async function takeDefaultTurn(deps: Deps, trx: Kysely<Database>, isDefault: boolean | undefined): Promise<void> {
  if (isDefault === undefined || deps.db.dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext('email_templates.is_default'))`.execute(trx);
}

async function applyDefault(trx: Kysely<Database>, id: number, isDefault: boolean | undefined): Promise<void> {
  if (isDefault === undefined) return;
  if (isDefault) await trx.updateTable('email_templates').set({ is_default: 0 }).where('id', '<>', id).execute();
  await trx
    .updateTable('email_templates')
    .set({ is_default: isDefault ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/** Creates a template, or updates subject and body of one (its name is locked). Admins only, with the spec's words. */
export async function saveTemplate(deps: Deps, actor: Actor, body: TemplateCreateUpdateBody): Promise<number> {
  if (actor.caller.role !== 'admin')
    throw new AppError('forbidden', body.id === undefined ? 'templateAddNotAllowed' : 'templateUpdateNotAllowed');
  const html = sanitizeRichText(body.body);
  // A body that was nothing but unsafe markup is as empty as no body.
  if (html === '') throw new AppError('validation_failed', 'templateNameBodyRequired');
  const now = Date.now();
  return deps.db.kysely.transaction().execute(async (trx) => {
    await takeDefaultTurn(deps, trx, body.is_default);
    if (body.id !== undefined) {
      const before = await trx.selectFrom('email_templates').selectAll().where('id', '=', body.id).executeTakeFirst();
      if (!before) throw notFound();
      if (before.name !== body.name) throw new AppError('validation_failed', 'templateNameLocked');
      const after = await trx
        .updateTable('email_templates')
        .set({ subject: body.subject, body: html, updated_at: now })
        .where('id', '=', before.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await applyDefault(trx, before.id, body.is_default);
      if (body.is_default !== undefined) after.is_default = body.is_default ? 1 : 0;
      await recordAudit(trx, actor, {
        entity: 'email_template',
        entity_id: before.id,
        action: 'update',
        before,
        after,
      });
      return before.id;
    }
    const clash = await trx
      .selectFrom('email_templates')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', body.name.toLowerCase()))
      .executeTakeFirst();
    if (clash) throw nameTaken();
    const values = { name: body.name, subject: body.subject, body: html, created_at: now, updated_at: now };
    const row = await uniqueOr(
      () => trx.insertInto('email_templates').values(values).returningAll().executeTakeFirstOrThrow(),
      nameTaken,
    );
    await applyDefault(trx, row.id, body.is_default);
    if (body.is_default !== undefined) row.is_default = body.is_default ? 1 : 0;
    await recordAudit(trx, actor, { entity: 'email_template', entity_id: row.id, action: 'create', after: row });
    return row.id;
  });
}

export async function deleteTemplate(deps: Deps, actor: Actor, id: number): Promise<void> {
  if (actor.caller.role !== 'admin') throw new AppError('forbidden', 'templateDeleteNotAllowed');
  await deps.db.kysely.transaction().execute(async (trx) => {
    const before = await trx.deleteFrom('email_templates').where('id', '=', id).returningAll().executeTakeFirst();
    if (!before) throw notFound();
    await recordAudit(trx, actor, { entity: 'email_template', entity_id: id, action: 'delete', before });
  });
}
