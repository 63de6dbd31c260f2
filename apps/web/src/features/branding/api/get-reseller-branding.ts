import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { brandingKey } from './my-branding';

export const resellerBrandingKey = (resellerId: number) => [...brandingKey, 'reseller', resellerId] as const;

/** One reseller's branding with what the caller may do with it (may_edit). */
export function useResellerBranding(resellerId: number) {
  return useQuery({
    queryKey: resellerBrandingKey(resellerId),
    queryFn: () => callApi('getResellerBranding', { reseller_id: resellerId }),
    staleTime: 0,
  });
}
