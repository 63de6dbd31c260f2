import type { TemplateCreateUpdateBody, TemplateRow } from '@provisio/contract';
import type { Deps } from '../../deps';
import { type Actor, recordAudit } from '../../lib/audit';
import { AppError, notFound, uniqueOr } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/html';

const COLUMNS = ['id', 'name', 'subject', 'body'] as const;
const nameTaken = () => new AppError('conflict', 'templateNameTaken');

/** Every template, by name; any signed-in caller may read them (later issues email users with them). */
export function listTemplates(deps: Deps): Promise<TemplateRow[]> {
  return deps.db.kysely.selectFrom('email_templates').select(COLUMNS).orderBy('name').orderBy('id').execute();
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
