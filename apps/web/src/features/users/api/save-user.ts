import { CreatedReply, type CreateUpdateUserBody } from '@provisio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { usersKey } from './list-users';

export function saveUser(body: CreateUpdateUserBody) {
  return apiRequest('/createUpdateUser', { body, schema: CreatedReply });
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
