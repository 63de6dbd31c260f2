import { AdminNewPassword, StrongResetPasswordBody, isMessageKey, passwordStrength, type MessageKey } from '@provisio/contract';

/** The first catalogue key a password schema refuses with, or null when it passes. */
function schemaProblem(result: { success: boolean; error?: { issues: { message: string }[] } }, fallback: MessageKey): MessageKey | null {
  if (result.success) return null;
  const key = result.error?.issues[0]?.message ?? '';
  return isMessageKey(key) ? key : fallback;
}

/**
 * Admin reset rules of spec §5, in the order the user should hear them: both fields, then the contract's
 * length limits (the server checks the same schema), then that they match. Returns a catalogue key.
 */
export function validateAdminReset(password: string, confirm: string): MessageKey | null {
  if (!password || !confirm) return 'fillBothFields';
  const problem = schemaProblem(AdminNewPassword.safeParse(password), 'adminPasswordMin');
  if (problem) return problem;
  if (password !== confirm) return 'passwordsDoNotMatch';
  return null;
}

const StrongPassword = StrongResetPasswordBody.shape.password;

/**
 * Reseller (and later app) reset rules of spec §5: both fields, 8 to 100 characters, a strength of 4 of 4,
 * then that they match. The server checks the same schema and the same strength rule.
 */
export function validateStrongReset(password: string, confirm: string): MessageKey | null {
  if (!password || !confirm) return 'fillBothFields';
  const problem = schemaProblem(StrongPassword.safeParse(password), 'appPasswordMin');
  if (problem) return problem;
  if (!passwordStrength(password).strong) return 'passwordWeak';
  if (password !== confirm) return 'passwordsDoNotMatch';
  return null;
}
