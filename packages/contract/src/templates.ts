import { z } from 'zod';
import { LIMITS, callerEcho } from './common';

/** The tokens the editor inserts and the mailer replaces (spec §3: first name, last name, password, link). */
export const TEMPLATE_PLACEHOLDERS = ['first_name', 'last_name', 'password', 'link'] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
export const placeholderToken = (p: TemplatePlaceholder) => `{{${p}}}`;
/** Whether a template body carries {{link}} (spaces inside the braces allowed); without it the link is appended when sent. */
export const hasLinkToken = (body: string) => /\{\{\s*link\s*\}\}/.test(body);
export const TEMPLATE_BODY_MAX = 100_000;

export const TemplateRow = z.object({ id: z.number(), name: z.string(), subject: z.string(), body: z.string() });
export type TemplateRow = z.infer<typeof TemplateRow>;
export const TemplateList = z.array(TemplateRow);

export const TemplateCreateUpdateBody = z.strictObject({
  id: z.number().int().positive().optional(),
  name: z.string({ error: 'templateNameBodyRequired' }).trim().min(1, { error: 'templateNameBodyRequired' }).max(LIMITS.nameMax),
  subject: z.string().trim().max(500).default(''),
  body: z.string({ error: 'templateNameBodyRequired' }).min(1, { error: 'templateNameBodyRequired' }).max(TEMPLATE_BODY_MAX),
  ...callerEcho,
});
export type TemplateCreateUpdateBody = z.infer<typeof TemplateCreateUpdateBody>;
