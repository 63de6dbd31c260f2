import { CreateUpdateResellerReply, type CreateUpdateResellerBody } from '@provisio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api';
import { resellersKey } from './list-resellers';

export function saveReseller(body: CreateUpdateResellerBody): Promise<z.infer<typeof CreateUpdateResellerReply>> {
  return apiRequest('/createUpdateReseller', { body, schema: CreateUpdateResellerReply });
}

export function useSaveReseller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReseller,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resellersKey }),
  });
}
