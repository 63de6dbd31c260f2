import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 8080,
      CLOUD_ID: 'DEMO',
      SEED_DEMO: true,
      SESSION_IDLE_HOURS: 12,
      RESET_LINK_MINUTES: 60,
    });
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('lists every bad key at once', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe', SMTP_URL: 'http://mail' }),
    ).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*SEED_DEMO[\s\S]*SMTP_URL/);
  });

  it('reads booleans and numbers from text', () => {
    const c = loadConfig({
      SEED_DEMO: 'false',
      PORT: '9000',
      SESSION_IDLE_HOURS: '0.5',
      PUBLIC_URL: 'https://portal.example.com/',
    });
    expect(c).toMatchObject({
      SEED_DEMO: false,
      PORT: 9000,
      SESSION_IDLE_HOURS: 0.5,
      publicUrl: 'https://portal.example.com',
    });
  });
});
