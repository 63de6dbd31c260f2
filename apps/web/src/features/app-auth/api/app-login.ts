import { AppLoginChangeReply, AppLoginReply, type AppLoginBody } from '@provisio/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/** 200 (hand-off link and app token) or 202 (must change the password): told apart by `must_change_password`. */
const AppLoginAnyReply = AppLoginChangeReply.or(AppLoginReply);
export type AppLoginOutcome = AppLoginChangeReply | AppLoginReply;

export const mustChange = (reply: AppLoginOutcome): reply is AppLoginChangeReply => 'must_change_password' in reply;

/** Errors are shown inline on the page, so this call never toasts. */
export function appLogin(body: AppLoginBody): Promise<AppLoginOutcome> {
  return apiRequest('/appLogin', { body, schema: AppLoginAnyReply, auth: false, silent: true });
}

export function useAppLogin() {
  return useMutation({ mutationFn: appLogin });
}
