import type { AppLoginBody, AppLoginChangeReply, AppLoginOutcome } from '@provisio/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { callRoute, contractSchema } from '../../../lib/contract';

export const mustChange = (reply: AppLoginOutcome): reply is AppLoginChangeReply => 'must_change_password' in reply;

/**
 * 200 (hand-off link and app token) or 202 (must change the password), so the reply is read as either one (the
 * declaration's reply is the 200 one). Errors are shown inline on the page, so this call never toasts.
 */
export function appLogin(body: AppLoginBody): Promise<AppLoginOutcome> {
  return apiRequest(callRoute('appLogin').path, {
    body,
    schema: contractSchema('AppLoginOutcome'),
    auth: false,
    silent: true,
  });
}

export function useAppLogin() {
  return useMutation({ mutationFn: appLogin });
}
