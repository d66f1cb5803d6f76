/**
 * What the panel does to a chosen file before uploading it: name its type (browsers often give HEIC files
 * none), refuse what is not a photo we store, and shrink a photo over 10 MB (a phone camera's JPEG) with a
 * canvas when the browser can decode it. HEIC cannot be decoded by most browsers, so it goes as it is.
 */
import { isPhotoContentType, MAX_PHOTO_BYTES, photoMessages, type PhotoContentType } from '@shared/photos';

export function photoTypeOf(file: File): string {
  if (file.type) return file.type;
  if (/\.heic$/i.test(file.name)) return 'image/heic';
  if (/\.heif$/i.test(file.name)) return 'image/heif';
  return '';
}

/** Why a chosen file cannot be a photo, or null (only files whose type starts with image/; docs/product-rules.md, Photos). */
export function selectionProblem(file: File): string | null {
  const type = photoTypeOf(file);
  if (!type.startsWith('image/')) return photoMessages.notAnImage;
  if (!isPhotoContentType(type)) return photoMessages.unsupportedType;
  if (file.size === 0) return photoMessages.empty;
  return null;
}

const DECODABLE = new Set(['image/jpeg', 'image/png', 'image/webp']);
/** Longest side tried, largest first: 4096 px keeps detail for damage photos. */
const SIDES = [4096, 3072, 2048];

function toJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

export interface PreparedPhoto {
  blob: Blob;
  contentType: PhotoContentType;
  fileName: string;
}

/** The file to upload: as chosen, or re-encoded as a JPEG small enough; null when it stays over the limit. */
export async function preparePhoto(file: File): Promise<PreparedPhoto | null> {
  const type = photoTypeOf(file) as PhotoContentType;
  if (file.size <= MAX_PHOTO_BYTES) return { blob: file, contentType: type, fileName: file.name };
  if (!DECODABLE.has(type)) return null;
  let bitmap: ImageBitmap;
  try {
    // Honours the camera's EXIF orientation, so the resized photo is the right way up.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    for (const side of SIDES) {
      const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(bitmap.width * scale);
      canvas.height = Math.round(bitmap.height * scale);
      canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await toJpeg(canvas, 0.85);
      if (blob && blob.size > 0 && blob.size <= MAX_PHOTO_BYTES) return { blob, contentType: 'image/jpeg', fileName: file.name.replace(/\.[^.]*$/, '') + '.jpg' };
    }
    return null;
  } finally {
    bitmap.close();
  }
}

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${Math.round(size / 1024)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}
