import type { SaveBrandingBody } from '@provisio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { brandingKey, myBrandingKey } from './my-branding';
import { resellerBrandingKey } from './get-reseller-branding';

export function saveResellerBranding(body: SaveBrandingBody) {
  return callApi('saveResellerBranding', body);
}

/** Saves a branding; the portal's own brand is asked again (a reseller user sees the change at once). */
export function useSaveResellerBranding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveResellerBranding,
    onSuccess: async (reply) => {
      queryClient.setQueryData(resellerBrandingKey(reply.branding.reseller_id), reply.branding);
      await queryClient.invalidateQueries({ queryKey: myBrandingKey });
      await queryClient.invalidateQueries({ queryKey: [...brandingKey, 'public'] });
    },
  });
}
