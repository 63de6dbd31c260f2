import { AdminNewPassword, isMessageKey, type MessageKey } from '@provisio/contract';

/**
 * Admin reset rules of spec §5, in the order the user should hear them: both fields, then the contract's
 * length limits (the server checks the same schema), then that they match. Returns a catalogue key.
 */
export function validateAdminReset(password: string, confirm: string): MessageKey | null {
  if (!password || !confirm) return 'fillBothFields';
  const parsed = AdminNewPassword.safeParse(password);
  if (!parsed.success) {
    const key = parsed.error.issues[0]?.message ?? '';
    return isMessageKey(key) ? key : 'adminPasswordMin';
  }
  if (password !== confirm) return 'passwordsDoNotMatch';
  return null;
}
