/**
 * Reading a pass's QR code with qr-scanner (a well-kept scanner with its decoder in a web worker), imported only
 * here, and only when the yard screen scans: the camera, or a photo taken with the phone's own camera app when
 * the browser is refused the camera (or the device has none).
 */
export interface CameraScan {
  stop(): void;
}

export async function startCameraScan(video: HTMLVideoElement, onCode: (code: string) => void, onError: (message: string) => void): Promise<CameraScan> {
  const { default: QrScanner } = await import('qr-scanner');
  if (!(await QrScanner.hasCamera())) throw new Error('No camera found. Scan from a photo instead.');
  const scanner = new QrScanner(video, (result) => onCode(result.data), { preferredCamera: 'environment', maxScansPerSecond: 5, returnDetailedScanResult: true, onDecodeError: () => undefined });
  try {
    await scanner.start();
  } catch {
    scanner.destroy();
    onError('The camera could not be opened. Allow it in the browser, or scan from a photo instead.');
  }
  return { stop: () => scanner.destroy() };
}

/** The code in a photo, or null when it holds none. */
export async function scanPhoto(file: File): Promise<string | null> {
  const { default: QrScanner } = await import('qr-scanner');
  try {
    return (await QrScanner.scanImage(file, { returnDetailedScanResult: true })).data;
  } catch {
    return null;
  }
}
