import sanitizeHtml from 'sanitize-html';
import { type Language, formatMessage, hasLinkToken } from '@provisio/contract';
import { escapeHtml, sanitizeRichText } from '../../lib/html';

export interface LinkEmailUser {
  firstname: string;
  lastname: string;
  email: string;
}

const decodeBasic = (s: string) =>
  s.replace(
    /&(amp|lt|gt|quot|#39|#34|nbsp);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#34': '"', nbsp: ' ' })[e] ?? '',
  );

/** The QR page link of one app user: `${PUBLIC_URL}/getQR?username=<email>&cloud_id=<CLOUD_ID>`. */
export const qrLink = (publicUrl: string, email: string, cloudId: string) =>
  `${publicUrl}/getQR?username=${encodeURIComponent(email.toLowerCase())}&cloud_id=${encodeURIComponent(cloudId)}`;

/** Plain text of a sanitised body: block ends become line breaks, tags go. Placeholders stay. */
function toText(html: string): string {
  const breaks = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|h[1-4]|li|blockquote|pre)>/gi, '\n');
  return decodeBasic(sanitizeHtml(breaks, { allowedTags: [], allowedAttributes: {} }))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{\s*(first_name|last_name|password|link)\s*\}\}/g, (_, k: string) => values[k] ?? '');
/** The plain-text part keeps the link even when the HTML only had it in an href. */
const withTextLink = (text: string) => (hasLinkToken(text) ? text : `${text}\n\n{{link}}`);

/**
 * One QR-link email: the template body sanitised again (the link appended when it has no {{link}}), placeholders
 * filled with escaped values. {{password}} never carries a password: it becomes a sentence sending the user to the
 * password they were given or to reset.
 */
export function composeLinkEmail(
  tpl: { subject: string; body: string },
  user: LinkEmailUser,
  ctx: { publicUrl: string; cloudId: string; lang: Language },
) {
  const raw = {
    first_name: user.firstname,
    last_name: user.lastname,
    password: formatMessage(ctx.lang, 'passwordPlaceholder'),
    link: qrLink(ctx.publicUrl, user.email, ctx.cloudId),
  };
  // A body without {{link}} would send an invitation with no way to get the app: the link is appended (issue #14).
  const sanitized = sanitizeRichText(tpl.body);
  const safeBody = hasLinkToken(sanitized) ? sanitized : `${sanitized}<p><a href="{{link}}">{{link}}</a></p>`;
  const escaped = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, escapeHtml(v)]));
  return {
    subject: fill(tpl.subject, raw).replace(/[\r\n]+/g, ' '),
    html: fill(safeBody, escaped),
    text: fill(withTextLink(toText(safeBody)), raw),
  };
}
