import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { type StoredExtension, readExtension } from '../extensions/extensions.repository';

/** A link sets the extension's email, which is a platform field: the platform gets it first. */
export async function emailToPlatform(
  deps: Deps,
  tenantId: string,
  ext: StoredExtension,
  email: string,
): Promise<void> {
  if (ext.email === email.trim()) return;
  if (!deps.connector.upsertExtensions) throw new AppError('forbidden', 'platformCannotWrite');
  const e = {
    extension: ext.extension,
    domain: ext.domain,
    siteName: ext.site_name,
    firstname: ext.firstname,
    lastname: ext.lastname,
    email: email.trim(),
    admin: readExtension(ext).admin,
  };
  await deps.connector.upsertExtensions(tenantId, [e]);
}
