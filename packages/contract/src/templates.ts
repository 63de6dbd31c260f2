import { z } from 'zod';
import { call } from './call';
import { LIMITS, OkReply, callerEcho } from './common';
import { IdBody } from './lists';
import { CreatedReply } from './resellers';

/** The tokens the editor inserts and the mailer replaces (spec §3: first name, last name, password, link). */
export const TEMPLATE_PLACEHOLDERS = ['first_name', 'last_name', 'password', 'link'] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
export const placeholderToken = (p: TemplatePlaceholder) => `{{${p}}}`;
/** Whether a template body carries {{link}} (spaces inside the braces allowed); without it the link is appended when sent. */
export const hasLinkToken = (body: string) => /\{\{\s*link\s*\}\}/.test(body);
export const TEMPLATE_BODY_MAX = 100_000;

/** is_default (issue #19): the template the Email QR modal opens with; at most one, chosen by an administrator. */
export const TemplateRow = z.object({
  id: z.number(),
  name: z.string(),
  subject: z.string(),
  body: z.string(),
  is_default: z.boolean(),
});
export type TemplateRow = z.infer<typeof TemplateRow>;
export const TemplateList = z.array(TemplateRow);

export const TemplateCreateUpdateBody = z.strictObject({
  id: z.number().int().positive().optional(),
  name: z
    .string({ error: 'templateNameBodyRequired' })
    .trim()
    .min(1, { error: 'templateNameBodyRequired' })
    .max(LIMITS.nameMax),
  subject: z.string().trim().max(500).default(''),
  body: z
    .string({ error: 'templateNameBodyRequired' })
    .min(1, { error: 'templateNameBodyRequired' })
    .max(TEMPLATE_BODY_MAX),
  /** true makes it the default (the previous default stops being one); false stops it being the default. */
  is_default: z.boolean().optional(),
  ...callerEcho,
});
export type TemplateCreateUpdateBody = z.infer<typeof TemplateCreateUpdateBody>;

/**
 * The QR-link email one recipient would get (issue #19): the subject and body as typed, filled by the mailer's own
 * code for the first subscriber having `recepient` in tenant_id (or the caller's tenants). No password or secret
 * is ever filled in: {{password}} becomes the same sentence the sent email carries.
 */
export const TemplatePreviewBody = z.strictObject({
  recepient: z.string().trim().max(LIMITS.emailMax),
  subject: z.string().max(500).default(''),
  body: z.string().max(TEMPLATE_BODY_MAX).default(''),
  tenant_id: z.string().trim().max(LIMITS.shortTextMax).optional(),
  ...callerEcho,
});
export type TemplatePreviewBody = z.infer<typeof TemplatePreviewBody>;
export const TemplatePreviewReply = z.object({
  /** The subscriber whose values fill the placeholders; null when no subscriber in scope has this email. */
  recipient: z
    .object({ tenant_id: z.string(), extension: z.string(), firstname: z.string(), lastname: z.string() })
    .nullable(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type TemplatePreviewReply = z.infer<typeof TemplatePreviewReply>;

/** Signed-in calls: the server refuses non-admin writes with the spec's own messages. */
export const templatesCalls = {
  getTemplates: call({
    method: 'GET',
    path: '/getTemplates',
    access: 'signed-in',
    tags: ['templates'],
    summary: 'Email templates, by name',
    reply: TemplateList,
  }),
  templateCreateUpdate: call({
    method: 'POST',
    path: '/templateCreateUpdate',
    access: 'signed-in',
    tags: ['templates'],
    summary: 'Create a template, or update subject and body (admin); the body HTML is sanitised',
    body: TemplateCreateUpdateBody,
    reply: CreatedReply,
  }),
  deleteTemplate: call({
    method: 'POST',
    path: '/deleteTemplate',
    access: 'signed-in',
    tags: ['templates'],
    summary: 'Delete a template (admin)',
    body: IdBody,
    reply: OkReply,
  }),
  templatePreview: call({
    method: 'POST',
    path: '/templatePreview',
    access: 'signed-in',
    tags: ['templates'],
    summary: 'The QR-link email the first recipient would get, placeholders filled as sent (never a password)',
    body: TemplatePreviewBody,
    reply: TemplatePreviewReply,
  }),
};
