import { type CreateUpdateResellerUserBody } from '@provisio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { resellerUsersKey } from './list-reseller-users';

export function saveResellerUser(body: CreateUpdateResellerUserBody) {
  return callApi('createUpdateResellerUser', body);
}

export function useSaveResellerUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveResellerUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resellerUsersKey }),
  });
}
