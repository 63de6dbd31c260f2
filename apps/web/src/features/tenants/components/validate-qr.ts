import { LinkExtensionBody, type MessageKey } from '@provisio/contract';

export interface LinkValues {
  email: string;
  did: string;
  pin: string;
  password: string;
  domain: string;
}

export interface EmailValues {
  to: string;
  cc: string;
  subject: string;
  body: string;
}

/**
 * Spec §5 before linking: the extension must be known, then every field (the domain only when the tenant has
 * domains); the rest (email shape, password length) is the contract's, the same the server checks.
 */
export function validateLink(values: LinkValues, extension: string | undefined, hasDomains: boolean): MessageKey | null {
  if (!extension?.trim()) return 'extensionNotSelected';
  const required = [values.email, values.did, values.pin, values.password, ...(hasDomains ? [values.domain] : [])];
  if (required.some((v) => !v.trim())) return 'linkFieldsRequired';
  const parsed = LinkExtensionBody.safeParse({ ...values, extension });
  return parsed.success ? null : (parsed.error.issues[0]?.message as MessageKey);
}

/** Spec §5: To, Subject and Body are required (the body is HTML; tags alone do not count). */
export function validateEmail(values: EmailValues): MessageKey | null {
  const bodyText = values.body.replace(/<[^>]*>/g, '').trim();
  if (!values.to.trim() || !values.subject.trim() || !bodyText) return 'emailFieldsRequired';
  return null;
}
