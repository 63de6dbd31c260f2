import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { resellerUsersKey } from './list-reseller-users';
import { userResellersKey } from './get-user-resellers';

interface AddUserResellerInput {
  user_id: number;
  reseller_id: number;
}

export function addUserReseller(body: AddUserResellerInput) {
  return callApi('createUpdateResellerUsersJunction', body);
}

export function useAddUserReseller(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUserReseller,
    onSuccess: async (reply) => {
      notifySuccess(reply.message);
      await queryClient.invalidateQueries({ queryKey: userResellersKey(userId) });
      await queryClient.invalidateQueries({ queryKey: resellerUsersKey });
    },
  });
}
