import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';

export const FILES_PATH = '/api/v1/files';

/** Stores a file in the database so every server instance can serve it; returns its public path. */
export async function saveFile(db: Db, contentType: string, data: Buffer): Promise<string> {
  const id = randomBytes(16).toString('hex');
  await db.kysely
    .insertInto('files')
    .values({
      id,
      content_type: contentType,
      size: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
      data,
      created_at: Date.now(),
    })
    .execute();
  return `${FILES_PATH}/${id}`;
}

export async function deleteFileByUrl(db: Db, url: string | null): Promise<void> {
  if (!url?.startsWith(`${FILES_PATH}/`)) return;
  await db.kysely
    .deleteFrom('files')
    .where('id', '=', url.slice(FILES_PATH.length + 1))
    .execute();
}

export async function getFile(db: Db, id: string) {
  return db.kysely
    .selectFrom('files')
    .select(['content_type', 'data', 'sha256'])
    .where('id', '=', id)
    .executeTakeFirst();
}
