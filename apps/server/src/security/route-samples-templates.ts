/** Issue #19: the Email QR preview, aimed at the victim tenant (only the admin may see it). */
import { VICTIM_TENANT as V } from './security-fixture';

export const TEMPLATE_PREVIEW_SAMPLES = {
  'POST /api/v1/templatePreview': {
    body: () => ({
      recepient: 'eve@cobalt.example',
      subject: 'Hi {{first_name}}',
      body: '<p>{{link}}</p>',
      tenant_id: V,
    }),
  },
};
