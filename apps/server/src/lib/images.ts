import { IMAGE_TYPES, type ImageType } from '@provisio/contract';
import { AppError } from './errors';

function sniff(data: Buffer): ImageType | 'unknown' {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  const head = data.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'image/gif';
  const text = data.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '');
  const rest = text.replace(/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*/i, '');
  if (/^<svg[\s>]/i.test(rest)) return 'image/svg+xml';
  return 'unknown';
}

// Anything in an SVG that can run script or pull in other content is refused, not cleaned.
const SVG_UNSAFE = [
  /<\s*script/i,
  /<\s*foreignObject/i,
  /<\s*(iframe|embed|object|link|meta|base|use)\b/i,
  /\son[a-z]+\s*=/i,
  /(?:java|vb)script\s*:/i,
  /<!ENTITY/i,
  /\b(?:xlink:)?href\s*=\s*["']\s*(?!#|data:image\/(png|jpeg|gif);)/i,
  /url\(\s*["']?\s*(?!#)/i,
  /@import/i,
];

/**
 * Checks an uploaded image by its content, not only its name: the bytes must be a JPEG, PNG, GIF or SVG,
 * the name's extension must agree, and an SVG must carry no script or external references.
 */
export function checkImage(filename: string, data: Buffer): ImageType {
  const ext = filename.toLowerCase().match(/\.[a-z0-9]+$/)?.[0] ?? '';
  const declared = (Object.keys(IMAGE_TYPES) as ImageType[]).find((type) =>
    (IMAGE_TYPES[type] as readonly string[]).includes(ext),
  );
  if (!declared) throw new AppError('invalid_image', 'imageTypeNotAllowed');
  const actual = sniff(data);
  if (actual !== declared) throw new AppError('invalid_image', 'imageContentMismatch', { type: ext.slice(1).toUpperCase() });
  if (actual === 'image/svg+xml') {
    const svg = data.toString('utf8');
    if (SVG_UNSAFE.some((re) => re.test(svg))) throw new AppError('invalid_image', 'svgUnsafe');
  }
  return actual;
}
