import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

describe('PLATFORM', () => {
  it('defaults to builtin and stops the start with a clear message for an unknown platform', () => {
    expect(loadConfig({}).PLATFORM).toBe('builtin');
    expect(() => loadConfig({ PLATFORM: 'netsapiens' })).toThrow(ConfigError);
    expect(() => loadConfig({ PLATFORM: 'netsapiens' })).toThrow(/PLATFORM: must be one of: builtin/);
  });
});
