import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { brandingKey } from './my-branding';

/**
 * The resellers whose branding the caller may open: a reseller user's own. The contract has no call of its own for
 * that list; apiKeyResellers answers exactly it (admin: all; reseller user: their own), as the webhooks screen uses.
 */
export function useBrandingResellers() {
  return useQuery({
    queryKey: [...brandingKey, 'resellers'],
    queryFn: () => callApi('apiKeyResellers', undefined),
  });
}
