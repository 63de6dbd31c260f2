import { AppNewPassword, isMessageKey, type MessageKey } from '@provisio/contract';

/**
 * Change-password mode of the app sign-in (spec §5): both fields, 8 to 100 characters with a strength of 4 of 4
 * (the contract's schema, which the server checks too), then that they match. Returns a catalogue key.
 */
export function validateAppChange(password: string, confirm: string): MessageKey | null {
  if (!password || !confirm) return 'fillBothFields';
  const result = AppNewPassword.safeParse(password);
  if (!result.success) {
    const key = result.error.issues[0]?.message ?? '';
    return isMessageKey(key) ? key : 'passwordWeak';
  }
  if (password !== confirm) return 'passwordsDoNotMatch';
  return null;
}
