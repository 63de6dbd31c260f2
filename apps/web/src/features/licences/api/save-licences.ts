import { type CreateUpdateLicensesBody } from '@provisio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { licencesKey } from './get-licences';

/** The server records the signed-in user as last_updated_by, whatever the body says. */
export function saveLicences(body: CreateUpdateLicensesBody) {
  return callApi('createUpdateLicenses', body);
}

/** Spec §4: saving reloads the limits. */
export function useSaveLicences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLicences,
    onSuccess: (_reply, body) => queryClient.invalidateQueries({ queryKey: licencesKey(body.tenant_id) }),
  });
}
