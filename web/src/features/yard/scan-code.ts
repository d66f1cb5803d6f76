/**
 * Reading a pass's QR code with jsQR, imported only here and only when the yard screen scans: the camera (the back
 * one when there is a choice), or a photo taken with the phone's own camera app when the browser is refused the
 * camera or the device has none. jsQR decodes on the page itself from canvas pixels: no worker from a blob: URL,
 * which the site's Content-Security-Policy does not allow.
 *
 * Why jsQR and not ZXing (used before): ZXing's JavaScript port failed on 32 of 200 clean, generated pass codes
 * (ChecksumException, NotFoundException; a known weakness of its finder-pattern detection), and the yard's browser
 * test failed at that rate. jsQR read 900 of 900 of the same codes (docs/dependencies.md).
 */
import type jsQRType from 'jsqr';
import { cameraBlocked, cameraContext, cameraProblem } from './camera-problem';

export interface CameraScan {
  stop(): void;
}

/**
 * The longest side an image is decoded at: a phone camera's 12-megapixel photo holds a pass's code in far more
 * pixels than the decoder needs, and decoding it whole takes seconds on a phone.
 */
const MAX_SIDE = 1600;
/** How often a camera frame is read: often enough to feel instant, rarely enough to leave the phone cool. */
const FRAME_EVERY_MS = 150;

type Decoder = typeof jsQRType;

async function loadDecoder(): Promise<Decoder> {
  return (await import('jsqr')).default;
}

/** The code in one picture (a camera frame or a photo), drawn to `canvas` at most MAX_SIDE on its longest side. */
function decodePicture(decode: Decoder, picture: CanvasImageSource, width: number, height: number, canvas: HTMLCanvasElement): string | null {
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(picture, 0, 0, canvas.width, canvas.height);
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
  return decode(pixels.data, pixels.width, pixels.height)?.data || null;
}

/** Starts the camera and reads its frames until a code is found; throws an Error whose message says what stopped it. */
export async function startCameraScan(video: HTMLVideoElement, onCode: (code: string) => void): Promise<CameraScan> {
  const blocked = cameraBlocked(cameraContext());
  if (blocked) throw new Error(blocked);
  const decode = await loadDecoder();
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  } catch (error) {
    throw new Error(cameraProblem(error, cameraContext()), { cause: error });
  }
  video.srcObject = stream;
  await video.play().catch(() => undefined);
  const canvas = document.createElement('canvas');
  let stopped = false;
  let timer: number | undefined;
  const stop = () => {
    stopped = true;
    window.clearTimeout(timer);
    stream.getTracks().forEach((track) => track.stop());
    video.srcObject = null;
  };
  const readFrame = () => {
    if (stopped) return;
    const code = video.readyState >= video.HAVE_CURRENT_DATA && video.videoWidth > 0 ? decodePicture(decode, video, video.videoWidth, video.videoHeight, canvas) : null;
    if (code) {
      stop();
      onCode(code);
      return;
    }
    timer = window.setTimeout(readFrame, FRAME_EVERY_MS);
  };
  readFrame();
  return { stop };
}

/**
 * The code in a photo, or null when it holds none. The photo is read from the file itself (createImageBitmap, which
 * also turns it upright by its EXIF orientation), with no image element to wait for.
 */
export async function scanPhoto(file: File): Promise<string | null> {
  const [decode, bitmap] = await Promise.all([loadDecoder(), createImageBitmap(file).catch(() => null)]);
  if (!bitmap) return null;
  try {
    return decodePicture(decode, bitmap, bitmap.width, bitmap.height, document.createElement('canvas'));
  } finally {
    bitmap.close();
  }
}
