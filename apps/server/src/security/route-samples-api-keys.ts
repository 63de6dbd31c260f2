import { VICTIM_TENANT } from './security-fixture';
import type { Sample } from './route-sample-types';

/** API keys (issue #18 item 2): a key of the victim tenant; revoking a key nobody may see. */
export const API_KEYS_SAMPLES: Record<string, Sample> = {
  'POST /api/v1/listApiKeys': { body: () => ({ include_revoked: true }) },
  'POST /api/v1/createApiKey': {
    body: () => ({ name: 'Victim key', scope: 'tenant', tenant_id: VICTIM_TENANT, read_only: true }),
  },
  'POST /api/v1/revokeApiKey': { body: () => ({ id: 999_999 }) },
};
