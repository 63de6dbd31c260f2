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

export const TemplateRow = z.object({ id: z.number(), name: z.string(), subject: z.string(), body: z.string() });
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
  ...callerEcho,
});
export type TemplateCreateUpdateBody = z.infer<typeof TemplateCreateUpdateBody>;

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
};
