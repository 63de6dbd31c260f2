import type { MessageKey } from './messages';

export interface PasswordStrength {
  /** 0 to 4 (spec §5). */
  score: number;
  percent: 0 | 25 | 50 | 75 | 100;
  color: 'red' | 'orange' | 'green';
  /** Catalogue keys of the advice to show. */
  messages: MessageKey[];
  strong: boolean;
}

/**
 * Spec §5: one point each for a lowercase letter, an uppercase letter, a digit and one of $ @ # & !; under 8 or
 * over 100 characters costs a point and says so. A score below 4 is weak. Used by the meter and the server.
 */
export function passwordStrength(password: string): PasswordStrength {
  let score = 0;
  const messages: MessageKey[] = [];
  if (/[a-z]/.test(password)) score++;
  if (/[A-Z]/.test(password)) score++;
  if (/[0-9]/.test(password)) score++;
  if (/[$@#&!]/.test(password)) score++;
  if (password.length < 8) {
    score--;
    messages.push('strengthMinChars');
  }
  if (password.length > 100) {
    score--;
    messages.push('strengthMaxChars');
  }
  score = Math.max(0, score);
  if (score < 4) messages.push('passwordWeak');
  const percent = ([0, 25, 50, 75, 100] as const)[score]!;
  const color = score <= 1 ? 'red' : score <= 3 ? 'orange' : 'green';
  return { score, percent, color, messages, strong: score >= 4 };
}
