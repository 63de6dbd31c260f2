import { TEMPLATE_PLACEHOLDERS, placeholderToken, type TemplatePlaceholder } from '@provisio/contract';

/** What the preview puts in place of each token. */
export const SAMPLE_VALUES: Record<TemplatePlaceholder, string> = {
  first_name: 'Jane',
  last_name: 'Doe',
  password: 'Xk4(m9!Qa2Lp',
  link: 'https://portal.example/getQR?username=1001&cloud_id=DEMO',
};

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Replaces the tokens with sample values; `asHtml` escapes the values for insertion into (server-sanitised) HTML. */
export function fillPlaceholders(text: string, asHtml: boolean): string {
  let out = text;
  for (const p of TEMPLATE_PLACEHOLDERS) {
    out = out.split(placeholderToken(p)).join(asHtml ? escapeHtml(SAMPLE_VALUES[p]) : SAMPLE_VALUES[p]);
  }
  return out;
}
