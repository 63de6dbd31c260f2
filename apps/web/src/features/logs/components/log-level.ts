export type LogColor = 'green' | 'yellow' | 'orange' | 'red';

/**
 * Spec §2's rule for an entry's left border: green for info, orange for panic, red otherwise. Beyond the spec,
 * warn (which the server stores too) is amber (Mantine's yellow), and fatal, pino's name for a crash, is a panic.
 */
export function logLevelColor(level: string | undefined): LogColor {
  switch ((level ?? '').toLowerCase()) {
    case 'info':
      return 'green';
    case 'warn':
    case 'warning':
      return 'yellow';
    case 'panic':
    case 'fatal':
      return 'orange';
    default:
      return 'red';
  }
}

const SHADE: Record<LogColor, number> = { green: 6, yellow: 6, orange: 7, red: 7 };

/** The CSS colour of the left border. */
export function logBorderColor(level: string | undefined): string {
  const color = logLevelColor(level);
  return `var(--mantine-color-${color}-${SHADE[color]})`;
}
