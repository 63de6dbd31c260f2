import QRCode from 'qrcode';
import { type Language, formatMessage } from '@provisio/contract';
import { escapeHtml } from '../../lib/html';
import type { OutgoingMail } from '../../lib/mailer';

/** The QR email: the image inline (by cid), the text naming the account; the secret is only in the image. */
export async function qrMail(to: string, qrValue: string, username: string, lang: Language): Promise<OutgoingMail> {
  const png = await QRCode.toBuffer(qrValue, { type: 'png', width: 320, margin: 2, errorCorrectionLevel: 'M' });
  const text = formatMessage(lang, 'qrEmailText', { username });
  return {
    kind: 'qr_code',
    to,
    lang,
    subject: formatMessage(lang, 'qrEmailSubject'),
    text,
    html: `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p><p><img src="cid:qr-code@provisio" alt="QR code" width="320" height="320"></p>`,
    attachments: [
      {
        filename: 'qr-code.png',
        contentType: 'image/png',
        contentBase64: png.toString('base64'),
        cid: 'qr-code@provisio',
      },
    ],
  };
}
