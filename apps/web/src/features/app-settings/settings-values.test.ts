import { describe, expect, it } from 'vitest';
import { getAt, setAt } from './settings-values';

describe('settings values by path', () => {
  it('reads and writes nested fields without touching the original', () => {
    const values = { dnd: false, forward_busy: { enabled: false, number: '' } };
    const next = setAt(values, 'forward_busy.number', '+15550001');
    expect(getAt(next, 'forward_busy.number')).toBe('+15550001');
    expect(getAt(next, 'forward_busy.enabled')).toBe(false);
    expect(values.forward_busy.number).toBe('');
    expect(getAt(setAt(values, 'dnd', true), 'dnd')).toBe(true);
  });
});
