import { z } from 'zod';
import { call } from './call';
import { LIMITS, callerEcho } from './common';

/**
 * White-label per reseller (issue #19 item 1): a reseller's name, logo, colours, email sender and support contacts,
 * shown to that reseller's users in the portal, in every email to the subscribers of its tenants, and on the end-user
 * pages reached from those emails or served on the reseller's own host name.
 */

/** The portal's own colours: what an unbranded page uses, and what a new branding starts from. */
export const DEFAULT_BRAND_COLORS = { primary: '#1c5fd1', secondary: '#0b6e4f' } as const;

/** Text on a brand colour (buttons, the email header) and a brand colour on white (links) must be readable. */
export const MIN_BRAND_CONTRAST = 4.5;

const channel = (v: number) => {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const luminance = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
};

/** WCAG 2 contrast ratio of a #rrggbb colour against white, rounded down to two decimals. */
export function contrastWithWhite(hex: string): number {
  return Math.floor((1.05 / (luminance(hex) + 0.05)) * 100) / 100;
}

const color = z
  .string({ error: 'brandColorInvalid' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'brandColorInvalid' })
  .transform((v) => v.toLowerCase());
const optionalEmail = z
  .string()
  .trim()
  .max(LIMITS.emailMax)
  .pipe(z.union([z.literal(''), z.email({ error: 'emailInvalid' })]));
/** A host name (letters, digits, dots and dashes), optionally with a port: `voice.example.com`, `acme.localhost:8080`. */
const hostName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(|(?=.{1,253}(:|$))([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?)$/,
    {
      error: 'brandHostInvalid',
    },
  );

/** The fields a reseller's branding has; an empty text means "not set" (the portal's own value is used). */
export const BrandingFields = z.strictObject({
  brand_name: z.string().trim().max(LIMITS.nameMax),
  primary_color: color,
  secondary_color: color,
  sender_name: z.string().trim().max(100),
  sender_email: optionalEmail,
  support_email: optionalEmail,
  support_phone: z
    .string()
    .trim()
    .max(40)
    .regex(/^[0-9+() .-]*$/, { error: 'brandPhoneInvalid' }),
  host_name: hostName,
});
export type BrandingFields = z.infer<typeof BrandingFields>;

/** A logo upload: the file's name and its bytes in base64 (the same image checks as profile pictures). */
export const LogoUpload = z.strictObject({
  filename: z.string().trim().min(1).max(255),
  data_base64: z.string().max(Math.ceil(LIMITS.logoMaxBytes / 3) * 4, { error: 'logoTooLarge' }),
});

export const ResellerBrandingBody = z.strictObject({ reseller_id: z.number().int().positive(), ...callerEcho });

export const SaveBrandingBody = z.strictObject({
  reseller_id: z.number().int().positive(),
  ...BrandingFields.shape,
  /** A new logo, or null to remove it; left out, the logo stays. */
  logo: LogoUpload.nullable().optional(),
  /** Administrators only: may the reseller's own users change this branding? */
  allow_reseller_edit: z.boolean().optional(),
  ...callerEcho,
});
export type SaveBrandingBody = z.infer<typeof SaveBrandingBody>;

export const ResellerBranding = z.object({
  reseller_id: z.number(),
  reseller_name: z.string(),
  // Plain strings in a reply: the input fields' transforms (lower case) are for what is sent.
  brand_name: z.string(),
  primary_color: z.string(),
  secondary_color: z.string(),
  sender_name: z.string(),
  sender_email: z.string(),
  support_email: z.string(),
  support_phone: z.string(),
  host_name: z.string(),
  logo_url: z.string().nullable(),
  allow_reseller_edit: z.boolean(),
  /** May the caller save it (an administrator, or a user of this reseller when allowed). */
  may_edit: z.boolean(),
  /** False until the branding is first saved: the fields then hold the portal's defaults. */
  saved: z.boolean(),
});
export type ResellerBranding = z.infer<typeof ResellerBranding>;

/** What a page shows of a brand: no sender address, no host name. */
export const PublicBranding = z.object({
  name: z.string(),
  logo_url: z.string().nullable(),
  primary_color: z.string(),
  secondary_color: z.string(),
  support_email: z.string(),
  support_phone: z.string(),
});
export type PublicBranding = z.infer<typeof PublicBranding>;
export const BrandingReply = z.object({ branding: PublicBranding.nullable() });

/** `brand` is the reseller id an email's link carries; the request's host name, when a reseller has it, wins. */
export const PublicBrandingBody = z.strictObject({ brand: z.coerce.number().int().positive().optional() }).optional();

export const brandingCalls = {
  getResellerBranding: call({
    method: 'POST',
    path: '/getResellerBranding',
    access: 'signed-in',
    tags: ['resellers'],
    summary: "A reseller's white-label branding (administrators; reseller users for their own resellers)",
    body: ResellerBrandingBody,
    reply: ResellerBranding,
  }),
  saveResellerBranding: call({
    method: 'POST',
    path: '/saveResellerBranding',
    access: 'signed-in',
    tags: ['resellers'],
    summary: "Save a reseller's branding; colours must reach a 4.5:1 contrast (reseller users only when allowed)",
    body: SaveBrandingBody,
    reply: z.object({ branding: ResellerBranding, message: z.string() }),
  }),
  myBranding: call({
    method: 'POST',
    path: '/myBranding',
    access: 'signed-in',
    tags: ['resellers'],
    summary: "The brand the signed-in user's portal shows: their reseller's (reseller users and their tenants' users)",
    body: z.strictObject({ ...callerEcho }).optional(),
    reply: BrandingReply,
  }),
  publicBranding: call({
    method: 'POST',
    path: '/publicBranding',
    access: 'public',
    tags: ['resellers'],
    summary: "The brand of an end-user page: the reseller owning the request's host name, or the email link's brand",
    body: PublicBrandingBody,
    reply: BrandingReply,
  }),
};
