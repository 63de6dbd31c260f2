/**
 * Issue #19: sample requests of the subscribers table's bulk app switch (aimed at the victim tenant's extension) and of
 * the reseller branding calls (aimed at Pioneer, a reseller the fixture's reseller user is not a user of).
 */
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
  'POST /api/v1/getResellerBranding': { body: (i: { pioneer: number }) => ({ reseller_id: i.pioneer }) },
  'POST /api/v1/saveResellerBranding': {
    body: (i: { pioneer: number }) => ({
      reseller_id: i.pioneer,
      brand_name: 'Pioneer',
      primary_color: '#1c5fd1',
      secondary_color: '#0b6e4f',
      sender_name: '',
      sender_email: '',
      support_email: '',
      support_phone: '',
      host_name: '',
    }),
  },
  'POST /api/v1/myBranding': { body: () => ({}) },
  'POST /api/v1/publicBranding': { body: () => ({}) },
};
