import sanitizeHtml from 'sanitize-html';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text put into HTML (a mail's body or an attribute): the five characters HTML gives a meaning to, escaped. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

const LINK_PLACEHOLDER = '{{link}}';
const SAFE_HREF = /^(https?:|mailto:)/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'h1',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'span',
    'code',
    'pre',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Only absolute http(s)/mailto links, or exactly the {{link}} placeholder the mailer fills in.
    a: (tagName, attribs) => {
      const { href, target } = attribs;
      const out: Record<string, string> = {};
      if (href && (href === LINK_PLACEHOLDER || SAFE_HREF.test(href.trim()))) out.href = href.trim();
      if (target === '_blank') {
        out.target = '_blank';
        out.rel = 'noopener noreferrer';
      }
      return { tagName, attribs: out };
    },
  },
};

/** Cleans rich-text HTML from the template editor: basic formatting stays; scripts, styles, frames and handlers go. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
