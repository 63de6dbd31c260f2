import { type RevokeAppBody, type RotateActivationBody } from '@provisio/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** revokeApp: the extension's app can no longer provision (secrets and password), and its SIP password is rotated. */
export function revokeApp(body: RevokeAppBody) {
  return callApi('revokeApp', body);
}

/** rotateActivation: a new activation secret (QR), shown and optionally mailed; the previous one stops after the grace. */
export function rotateActivation(body: RotateActivationBody) {
  return callApi('rotateActivation', body);
}

export const useRevokeApp = () => useMutation({ mutationFn: revokeApp });
export const useRotateActivation = () => useMutation({ mutationFn: rotateActivation });
