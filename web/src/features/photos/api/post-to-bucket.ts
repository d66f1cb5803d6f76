/**
 * Sends one file to the photo bucket with its presigned POST fields. XMLHttpRequest rather than fetch: it
 * reports upload progress, which the panel shows per file.
 */
import { photoMessages, type PhotoUploadResponse } from '@shared/photos';

export function postToBucket(presigned: PhotoUploadResponse, file: Blob, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
    // S3 reads fields up to the file; the file must be the last part.
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', presigned.url);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? (onProgress(1), resolve()) : reject(new Error(photoMessages.failed)));
    xhr.onerror = () => reject(new Error(photoMessages.failed));
    xhr.onabort = () => reject(new Error(photoMessages.failed));
    xhr.send(form);
  });
}
