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

/**
 * The code in one picture (a camera frame or a photo), or in the part `area` of it, drawn to `canvas` at `scale`.
 */
function decodePicture(decode: Decoder, picture: CanvasImageSource, area: Area, scale: number, canvas: HTMLCanvasElement): string | null {
  canvas.width = Math.max(1, Math.round(area.width * scale));
  canvas.height = Math.max(1, Math.round(area.height * scale));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(picture, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
  return decode(pixels.data, pixels.width, pixels.height)?.data || null;
}

interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface PhotoAttempt extends Area {
  scale: number;
}

/** The scale at which a picture's longest side is at most MAX_SIDE. */
function fitScale(width: number, height: number): number {
  return Math.min(1, MAX_SIDE / Math.max(width, height));
}

/**
 * The ways a photo is read, in turn, until one finds the code. The whole picture at MAX_SIDE reads a pass photographed
 * or cropped. A full-screen screenshot puts the pass's code among the page's text in a picture often taller than
 * MAX_SIDE (a phone's screen at three pixels to the point, a long page captured whole), where shrinking it whole
 * leaves few pixels to each of the code's modules: squares as wide as the picture, overlapping by half, are read at
 * the photo's own pixels. jsQR also misses a code at some sizes only (the modules' edges fall between pixels: a
 * screenshot of a 390-point phone screen passed on 1000 pixels tall was one), so the whole picture is read again at
 * other sizes.
 */
export function photoAttempts(width: number, height: number): PhotoAttempt[] {
  const whole = { x: 0, y: 0, width, height };
  const fit = fitScale(width, height);
  const attempts: PhotoAttempt[] = [{ ...whole, scale: fit }];
  const side = Math.min(width, height);
  if (Math.max(width, height) > side * 1.25 || fit < 1) {
    const tall = height >= width;
    const length = tall ? height : width;
    const tileScale = fitScale(side, side);
    for (let at = 0; ; at += side / 2) {
      const start = Math.min(at, length - side);
      attempts.push({ x: tall ? 0 : start, y: tall ? start : 0, width: side, height: side, scale: tileScale });
      if (start >= length - side) break;
    }
  }
  const longest = Math.max(width, height) * fit;
  attempts.push({ ...whole, scale: fit * (longest * 2 <= MAX_SIDE * 1.5 ? 2 : 0.75) });
  attempts.push({ ...whole, scale: fit * 0.6 });
  return attempts;
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
    const { videoWidth: width, videoHeight: height } = video;
    const code = video.readyState >= video.HAVE_CURRENT_DATA && width > 0 ? decodePicture(decode, video, { x: 0, y: 0, width, height }, fitScale(width, height), canvas) : null;
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
 * also turns it upright by its EXIF orientation), with no image element to wait for; each of photoAttempts in turn.
 */
export async function scanPhoto(file: File): Promise<string | null> {
  const [decode, bitmap] = await Promise.all([loadDecoder(), createImageBitmap(file).catch(() => null)]);
  if (!bitmap) return null;
  try {
    const canvas = document.createElement('canvas');
    for (const attempt of photoAttempts(bitmap.width, bitmap.height)) {
      const code = decodePicture(decode, bitmap, attempt, attempt.scale, canvas);
      if (code) return code;
    }
    return null;
  } finally {
    bitmap.close();
  }
}
