import { IMAGE_TYPES, LIMITS, type MessageKey } from '@provisio/contract';

const EXTENSIONS: readonly string[] = Object.values(IMAGE_TYPES).flat();

/** The client-side half of the picture rules (the server also checks the content): type by name, then size. */
export function checkImage(file: File): MessageKey | null {
  const name = file.name.toLowerCase();
  const dot = name.lastIndexOf('.');
  const extension = dot >= 0 ? name.slice(dot) : '';
  if (!EXTENSIONS.includes(extension)) return 'imageTypeNotAllowed';
  if (file.size > LIMITS.imageMaxBytes) return 'imageTooBig';
  return null;
}

export const IMAGE_ACCEPT = [...Object.keys(IMAGE_TYPES), ...EXTENSIONS].join(',');
