import { type CreateUpdateUserBody } from '@provisio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { usersKey } from './list-users';

export function saveUser(body: CreateUpdateUserBody) {
  return callApi('createUpdateUser', body);
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
