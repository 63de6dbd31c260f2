import { CreatedReply, type CreateUpdateResellerUserBody } from '@provisio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { resellerUsersKey } from './list-reseller-users';

export function saveResellerUser(body: CreateUpdateResellerUserBody) {
  return apiRequest('/createUpdateResellerUser', { body, schema: CreatedReply });
}

export function useSaveResellerUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveResellerUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resellerUsersKey }),
  });
}
