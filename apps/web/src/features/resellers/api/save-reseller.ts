import { type CreateUpdateResellerBody, type CreateUpdateResellerReply } from '@provisio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api';
import { resellersKey } from './list-resellers';

export function saveReseller(body: CreateUpdateResellerBody): Promise<z.infer<typeof CreateUpdateResellerReply>> {
  return callApi('createUpdateReseller', body);
}

export function useSaveReseller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReseller,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resellersKey }),
  });
}
