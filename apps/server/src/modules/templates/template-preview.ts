import { z } from 'zod';
import type { Language, TemplatePreviewBody, TemplatePreviewReply } from '@provisio/contract';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/html';
import { composeLinkEmail } from '../app-accounts/link-email';
import { brandMessage } from '../branding/branding-mail';
import { brandOfTenant } from '../branding/branding.repository';
import { type TenantScope, assertTenantVisible, scopeToCaller } from '../tenants/tenant-scope';

/**
 * The QR-link email `recepient` would get (issue #19 item 3), composed by the mailer's own composeLinkEmail from
 * the body as emailLink stores it (sanitised), for the first subscriber of the scope having that email (a linked
 * one first: those are the ones mailed). {{password}} is the sentence the sent email carries, never a password.
 */
export async function previewTemplate(
  deps: Deps,
  actor: Actor,
  body: TemplatePreviewBody,
  lang: Language,
): Promise<TemplatePreviewReply> {
  const email = body.recepient.toLowerCase();
  if (!z.email().safeParse(email).success) throw new AppError('validation_failed', 'emailInvalid');
  if (body.tenant_id) await assertTenantVisible(deps.db, actor.caller, body.tenant_id);
  const scope: TenantScope = body.tenant_id ? [body.tenant_id] : actor.caller;
  const q = deps.db.kysely
    .selectFrom('extensions')
    .select(['tenant_id', 'extension', 'firstname', 'lastname', 'email'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email));
  const found = await scopeToCaller(deps.db.kysely, q, scope, 'tenant_id')
    .orderBy('linked', 'desc')
    .orderBy('tenant_id')
    .orderBy('extension')
    .executeTakeFirst();
  const user = { firstname: found?.firstname ?? '', lastname: found?.lastname ?? '', email: found?.email ?? email };
  const composed = composeLinkEmail({ subject: body.subject.trim(), body: sanitizeRichText(body.body) }, user, {
    publicUrl: deps.config.publicUrl,
    cloudId: deps.config.CLOUD_ID,
    lang,
  });
  // The subscriber's reseller brand, as the mailer's decorator adds it to the mail that is sent (issue #19 item 1).
  const brand = found ? await brandOfTenant(deps.db.kysely, found.tenant_id) : undefined;
  const { subject, html, text } = brand
    ? brandMessage(
        { kind: 'qr_link', to: email, lang, ...composed },
        brand,
        deps.config.publicUrl,
        deps.config.MAIL_FROM,
      )
    : composed;
  const mail = { subject, html: html ?? composed.html, text };
  const recipient = found
    ? { tenant_id: found.tenant_id, extension: found.extension, firstname: found.firstname, lastname: found.lastname }
    : null;
  return { recipient, ...mail };
}
