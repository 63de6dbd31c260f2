import { type EmailQrBody, type OkReply } from '@provisio/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** Mails the QR as an image; needs the grant authLogin gave for this very payload (docs/spec-deviations.md #27). */
export function emailQr(body: EmailQrBody): Promise<OkReply> {
  return callApi('emailQR', body, { auth: false, silent: true });
}

export function useEmailQr() {
  return useMutation({ mutationFn: emailQr });
}
