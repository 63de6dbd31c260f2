import { IMAGE_TYPES, type ImageType } from '@provisio/contract';
import { AppError } from './errors';
import { cleanSvg } from './svg';

function sniff(data: Buffer): ImageType | 'unknown' {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  const head = data.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'image/gif';
  const text = data
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const rest = text.replace(
    /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*/i,
    '',
  );
  if (/^<svg[\s>]/i.test(rest)) return 'image/svg+xml';
  return 'unknown';
}

/**
 * Checks an uploaded image by its content, not only its name: the bytes must be a JPEG, PNG, GIF or SVG, the
 * name's extension must agree, and an SVG must carry no script or outside references (then it is stored as cleaned).
 */
export function checkImage(filename: string, data: Buffer): { contentType: ImageType; data: Buffer } {
  const ext = filename.toLowerCase().match(/\.[a-z0-9]+$/)?.[0] ?? '';
  const declared = (Object.keys(IMAGE_TYPES) as ImageType[]).find((type) =>
    (IMAGE_TYPES[type] as readonly string[]).includes(ext),
  );
  if (!declared) throw new AppError('invalid_image', 'imageTypeNotAllowed');
  const actual = sniff(data);
  if (actual !== declared)
    throw new AppError('invalid_image', 'imageContentMismatch', { type: ext.slice(1).toUpperCase() });
  return { contentType: actual, data: actual === 'image/svg+xml' ? cleanSvg(data) : data };
}
