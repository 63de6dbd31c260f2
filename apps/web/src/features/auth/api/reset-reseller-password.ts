import { type OkReply, type StrongResetPasswordBody } from '@provisio/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api';

export function resetResellerPassword(body: z.input<typeof StrongResetPasswordBody>): Promise<OkReply> {
  return callApi('resetResellerPassword', body, { auth: false, silent: true });
}

export function useResetResellerPassword() {
  return useMutation({ mutationFn: resetResellerPassword });
}
