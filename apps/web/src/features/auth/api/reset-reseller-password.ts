import { OkReply, type StrongResetPasswordBody } from '@provisio/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api';

export function resetResellerPassword(body: z.input<typeof StrongResetPasswordBody>): Promise<OkReply> {
  return apiRequest('/resetResellerPassword', { body, schema: OkReply, auth: false, silent: true });
}

export function useResetResellerPassword() {
  return useMutation({ mutationFn: resetResellerPassword });
}
