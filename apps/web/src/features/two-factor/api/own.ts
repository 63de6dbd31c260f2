import type {
  EnableTwoFactorBody,
  OkReply,
  RecoveryCodesReply,
  TwoFactorProofBody,
  TwoFactorSetupReply,
  TwoFactorStatusReply,
} from '@provisio/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** The caller's own second factor (profile screen). */
export const twoFactorStatusKey = ['twoFactor', 'status'] as const;

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorStatusKey,
    queryFn: (): Promise<TwoFactorStatusReply> => callApi('twoFactorStatus', undefined),
  });
}

export const setupTwoFactor = (): Promise<TwoFactorSetupReply> => callApi('twoFactorSetup', {});

/** Mutations that change the status refresh it; their refusals show inline (silent). */
function useChange<B, R>(fn: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: twoFactorStatusKey }) });
}

export const useEnableTwoFactor = () =>
  useChange((body: EnableTwoFactorBody): Promise<RecoveryCodesReply> =>
    callApi('twoFactorEnable', body, { silent: true }),
  );

export const useDisableTwoFactor = () =>
  useChange((body: TwoFactorProofBody): Promise<OkReply> => callApi('twoFactorDisable', body, { silent: true }));

export const useNewRecoveryCodes = () =>
  useChange((body: TwoFactorProofBody): Promise<RecoveryCodesReply> =>
    callApi('twoFactorRecoveryCodes', body, { silent: true }),
  );
