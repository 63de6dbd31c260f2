import { type CreateUpdateDomainBody } from '@provisio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, isApiError } from '../../../lib/api';
import { notifyError, notifyInfo } from '../../../lib/notify';
import { domainsKey } from './list-domains';

/** Quiet in the client: spec §8 shows 'Domain exists' as information, every other failure as an error. */
export function saveDomain(body: CreateUpdateDomainBody) {
  return callApi('createUpdateDomain', body, { silent: true });
}

export function useSaveDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDomain,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: domainsKey }),
    onError: (error) => {
      if (isApiError(error) && error.code === 'domain_exists') notifyInfo(error.message);
      else notifyError(error.message);
    },
  });
}
