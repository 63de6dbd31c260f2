import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

describe('PLATFORM', () => {
  it('defaults to builtin and stops the start with a clear message for an unknown platform', () => {
    expect(loadConfig({}).PLATFORM).toBe('builtin');
    expect(() => loadConfig({ PLATFORM: 'asterisk' })).toThrow(ConfigError);
    expect(() => loadConfig({ PLATFORM: 'asterisk' })).toThrow(
      /PLATFORM: must be one of: builtin, kamailio, netsapiens/,
    );
  });

  it('lists the keys a chosen connector needs', () => {
    expect(() => loadConfig({ PLATFORM: 'netsapiens' })).toThrow(
      /NS_API_URL: required when PLATFORM=netsapiens\n\s+NS_API_KEY: required/,
    );
    expect(() => loadConfig({ PLATFORM: 'kamailio' })).toThrow(/KAMAILIO_DB_URL: required when PLATFORM=kamailio/);
    const c = loadConfig({
      PLATFORM: 'kamailio',
      KAMAILIO_DB_URL: 'sqlite:////var/lib/kamailio/kamailio.db',
      KAMAILIO_SIP_HOST: 'sip.example.com:5060',
    });
    expect(c).toMatchObject({
      KAMAILIO_DB_URL: 'sqlite:////var/lib/kamailio/kamailio.db',
      KAMAILIO_SIP_HOST: 'sip.example.com:5060',
    });
    expect(
      loadConfig({
        PLATFORM: 'netsapiens',
        NS_API_URL: 'https://ns.example.com/ns-api/v2',
        NS_API_KEY: 'nsr_0123456789',
      }),
    ).toMatchObject({ NS_TENANT_MODE: 'domain', NS_MAX_IN_FLIGHT: 5 });
    expect(() => loadConfig({ NS_TENANT_MODE: 'site' })).toThrow(/NS_TENANT_MODE/);
  });
});
