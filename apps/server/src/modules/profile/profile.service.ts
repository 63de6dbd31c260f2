import type { ProfileReply, UpdateProfileFields } from '@provisio/contract';
import type { Deps } from '../../deps';
import { notFound } from '../../lib/errors';
import { assertEmailUnclaimed, emailChanged } from '../auth/account-email';
import type { Caller } from '../../lib/caller';
import { deleteFileByUrl, saveFile } from '../files/files.repository';
import { findUser } from '../users/users.repository';

export async function getProfile(deps: Deps, caller: Caller): Promise<ProfileReply> {
  if (caller.kind === 'user') {
    const u = await findUser(deps.db.kysely, caller.id);
    if (!u) throw notFound();
    return {
      id: u.id,
      name: u.name,
      username: u.username,
      email: u.email,
      phone_number: u.phone_number,
      user_type: u.user_type,
      url: u.picture_url,
    };
  }
  const r = await deps.db.kysely
    .selectFrom('reseller_users')
    .selectAll()
    .where('id', '=', caller.id)
    .executeTakeFirst();
  if (!r) throw notFound();
  return {
    id: r.id,
    name: r.name,
    username: r.email,
    email: r.email,
    phone_number: r.phone_number,
    user_type: 'reseller user',
    url: r.picture_url,
  };
}

/** Saves the caller's own profile; a field left out keeps its value; a new picture replaces (and deletes) the old one. */
const given = (f: UpdateProfileFields) => ({
  name: f.name,
  ...(f.phone_number !== undefined ? { phone_number: f.phone_number } : {}),
});

export async function updateProfile(
  deps: Deps,
  caller: Caller,
  fields: UpdateProfileFields,
  image?: { contentType: string; data: Buffer },
): Promise<ProfileReply> {
  const now = Date.now();
  if (caller.kind === 'user') {
    const current = await deps.db.kysely
      .selectFrom('users')
      .select('email')
      .where('id', '=', caller.id)
      .executeTakeFirst();
    if (current && fields.email !== undefined && emailChanged(current.email, fields.email))
      await assertEmailUnclaimed(deps.db.kysely, fields.email, { type: 'user', id: caller.id });
  }
  const url = image ? await saveFile(deps.db, image.contentType, image.data) : undefined;
  if (caller.kind === 'user') {
    await deps.db.kysely
      .updateTable('users')
      .set({
        ...given(fields),
        ...(fields.email !== undefined ? { email: fields.email } : {}),
        updated_at: now,
        ...(url ? { picture_url: url } : {}),
      })
      .where('id', '=', caller.id)
      .execute();
  } else {
    // A reseller user's email is their sign-in name; it is changed by an admin, not here.
    await deps.db.kysely
      .updateTable('reseller_users')
      .set({ ...given(fields), updated_at: now, ...(url ? { picture_url: url } : {}) })
      .where('id', '=', caller.id)
      .execute();
  }
  if (url) await deleteFileByUrl(deps.db, caller.pictureUrl);
  return getProfile(deps, caller);
}
