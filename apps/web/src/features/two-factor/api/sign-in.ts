import type { EnrolFinishBody, TwoFactorSetupReply, TwoFactorSignedIn, VerifyTwoFactorBody } from '@provisio/contract';
import { callApi } from '../../../lib/api';

/** The second sign-in step (no session yet): refusals are shown inline, never as toasts. */
export function verifyTwoFactor(body: VerifyTwoFactorBody): Promise<TwoFactorSignedIn> {
  return callApi('verifyTwoFactor', body, { auth: false, silent: true });
}

export function enrolStart(challenge: string): Promise<TwoFactorSetupReply> {
  return callApi('twoFactorEnrolStart', { challenge }, { auth: false, silent: true });
}

export function enrolFinish(body: EnrolFinishBody): Promise<TwoFactorSignedIn> {
  return callApi('twoFactorEnrolFinish', body, { auth: false, silent: true });
}
