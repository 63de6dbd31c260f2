import type {
  OkReply,
  TwoFactorAccountBody,
  TwoFactorAccountReply,
  TwoFactorPolicy,
  TwoFactorPolicyReply,
} from '@provisio/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** Administrators: the policy and one account's second factor. */
const policyKey = ['twoFactor', 'policy'] as const;
const accountKey = (a: TwoFactorAccountBody) => ['twoFactor', 'account', a.account_type, a.id] as const;

export function useTwoFactorPolicy() {
  return useQuery({
    queryKey: policyKey,
    queryFn: (): Promise<TwoFactorPolicyReply> => callApi('getTwoFactorPolicy', undefined),
  });
}

export function useSetTwoFactorPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (required_for: TwoFactorPolicy): Promise<OkReply> => callApi('setTwoFactorPolicy', { required_for }),
    onSuccess: () => client.invalidateQueries({ queryKey: policyKey }),
  });
}

export function useTwoFactorAccount(account: TwoFactorAccountBody) {
  return useQuery({
    queryKey: accountKey(account),
    queryFn: (): Promise<TwoFactorAccountReply> => callApi('twoFactorAccountStatus', account),
  });
}

export function useResetTwoFactor(account: TwoFactorAccountBody) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<OkReply> => callApi('resetTwoFactor', account),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKey(account) }),
  });
}
