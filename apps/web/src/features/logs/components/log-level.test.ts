import { describe, expect, it } from 'vitest';
import { logBorderColor, logLevelColor } from './log-level';

describe('log entry border colour (spec §2)', () => {
  it.each([
    ['info', 'green'],
    ['INFO', 'green'],
    ['warn', 'yellow'],
    ['panic', 'orange'],
    ['fatal', 'orange'],
    ['error', 'red'],
    ['debug', 'red'],
    ['', 'red'],
    [undefined, 'red'],
  ])('%s is %s', (level, color) => {
    expect(logLevelColor(level)).toBe(color);
    expect(logBorderColor(level)).toMatch(new RegExp(`^var\\(--mantine-color-${color}-\\d\\)$`));
  });
});
