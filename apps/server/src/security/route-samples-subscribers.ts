/** Issue #19: sample request of the subscribers table's bulk app switch, aimed at the victim tenant's extension. */
import { VICTIM_TENANT as V } from './security-fixture';

export const SUBSCRIBERS_SAMPLES = {
  'POST /api/v1/updateExtensionsApp': {
    body: (i: { victimExtensionId: number }) => ({
      tenant_id: V,
      ids: [i.victimExtensionId],
      column_name: 'desktop_app_allowed',
      value: 'false',
    }),
  },
};
