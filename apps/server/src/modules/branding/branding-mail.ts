import type { Kysely } from 'kysely';
import { type Language, formatMessage } from '@provisio/contract';
import type { Database } from '../../db/schema';
import { escapeHtml } from '../../lib/html';
import type { MailDecorator, OutgoingMail } from '../../lib/mailer';
import { type BrandingRow, brandOfTenant, toPublic } from './branding.repository';

const escRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The end-user pages an email may link to: on a branded mail they open on the reseller's host, with its brand. */
const PAGES = ['getQR', 'appSignin', 'cdrs', 'resetAppPassword'];

/** Where a brand's links point: its own host name (with the portal's scheme), else the portal's address. */
export function brandBase(publicUrl: string, hostName: string | null): string {
  return hostName ? `${new URL(publicUrl).protocol}//${hostName}` : publicUrl;
}

/** Links to end-user pages moved to the brand's base and marked with `brand=<reseller id>` (`amp`: in HTML). */
function rebaseLinks(body: string, publicUrl: string, base: string, brandId: number, amp: string): string {
  const re = new RegExp(`${escRe(publicUrl)}/(${PAGES.join('|')})(\\?[^\\s"'<>]*)?`, 'g');
  return body.replace(re, (_, page: string, query?: string) =>
    query ? `${base}/${page}${query}${amp}brand=${brandId}` : `${base}/${page}?brand=${brandId}`,
  );
}

/** The sender: the brand's name and address (either may be left out; MAIL_FROM gives the other). */
function sender(row: BrandingRow, mailFrom: string): string | undefined {
  if (!row.sender_name && !row.sender_email) return undefined;
  const address = row.sender_email || (mailFrom.match(/<([^>]+)>/)?.[1] ?? mailFrom.trim());
  const name = (row.sender_name || row.brand_name || row.reseller_name).replace(/["\\\r\n]/g, '');
  return `"${name}" <${address}>`;
}

function footerLines(row: BrandingRow, lang: Language): string[] {
  const brand = toPublic(row);
  const contacts = [brand.support_email, brand.support_phone].filter(Boolean).join(' · ');
  return [
    formatMessage(lang, 'brandFooterSentBy', { name: brand.name }),
    ...(contacts ? [formatMessage(lang, 'brandFooterSupport', { contacts })] : []),
  ];
}

/** The HTML of a text-only message: escaped lines, links made clickable. */
const textToHtml = (text: string) =>
  `<p>${escapeHtml(text)
    .replace(/https?:\/\/[^\s<]+/g, (u) => `<a href="${u}">${u}</a>`)
    .replace(/\n/g, '<br>')}</p>`;

/** A message in a brand's clothes: a header with its logo and name on its colour, links in its second colour. */
export function brandMessage(mail: OutgoingMail, row: BrandingRow, publicUrl: string, mailFrom: string): OutgoingMail {
  const brand = toPublic(row);
  const base = brandBase(publicUrl, row.host_name);
  const lang = mail.lang ?? 'en';
  const footer = footerLines(row, lang);
  const inner = rebaseLinks(mail.html ?? textToHtml(mail.text), publicUrl, base, row.reseller_id, '&amp;').replace(
    /<a /g,
    `<a style="color:${brand.secondary_color}" `,
  );
  const logo = brand.logo_url
    ? `<img src="${escapeHtml(base + brand.logo_url)}" alt="${escapeHtml(brand.name)}" height="40" style="height:40px;vertical-align:middle;margin-right:12px">`
    : '';
  const html =
    `<div style="font-family:Arial,Helvetica,sans-serif;max-width:640px;margin:0 auto;color:#1a1b1e">` +
    `<div data-brand="header" style="background:${brand.primary_color};color:#ffffff;padding:16px 20px">${logo}` +
    `<strong style="font-size:18px;vertical-align:middle">${escapeHtml(brand.name)}</strong></div>` +
    `<div style="padding:20px">${inner}</div>` +
    `<div data-brand="footer" style="border-top:3px solid ${brand.secondary_color};padding:12px 20px;font-size:12px;color:#495057">` +
    `${footer.map(escapeHtml).join('<br>')}</div></div>`;
  const text = `${rebaseLinks(mail.text, publicUrl, base, row.reseller_id, '&')}\n\n-- \n${footer.join('\n')}`;
  return { ...mail, html, text, from: mail.from ?? sender(row, mailFrom) };
}

/**
 * The mailer's decorator: a message for a tenant's subscriber (tenantId, or brandTenant when the message is not part
 * of the tenant's mail tracking) goes out in the brand of the tenant's reseller, when it has one.
 */
export function brandingDecorator(publicUrl: string, mailFrom: string): MailDecorator {
  return async (mail: OutgoingMail, db: Kysely<Database>) => {
    const tenant = mail.brandTenant ?? mail.tenantId;
    if (!tenant) return mail;
    const row = await brandOfTenant(db, tenant);
    return row ? brandMessage(mail, row, publicUrl, mailFrom) : mail;
  };
}
