import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export const brandingKey = ['branding'] as const;
export const myBrandingKey = [...brandingKey, 'mine'] as const;

/** The brand the signed-in user's portal shows (their reseller's), or null: the portal's own. */
export function useMyBranding(enabled: boolean) {
  return useQuery({
    queryKey: myBrandingKey,
    queryFn: async () => (await callApi('myBranding', {}, { silent: true })).branding,
    enabled,
    staleTime: 5 * 60_000,
  });
}
