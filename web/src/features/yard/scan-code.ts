/**
 * Reading a pass's QR code with ZXing's browser layer (@zxing/browser), imported only here and only when the yard
 * screen scans: the camera (the back one when there is a choice), or a photo taken with the phone's own camera app
 * when the browser is refused the camera or the device has none. ZXing decodes on the page itself: no worker from
 * a blob: URL, which the site's Content-Security-Policy does not allow.
 */
export interface CameraScan {
  stop(): void;
}

export async function startCameraScan(video: HTMLVideoElement, onCode: (code: string) => void): Promise<CameraScan> {
  const { BrowserQRCodeReader } = await import('@zxing/browser');
  if (!navigator.mediaDevices?.getUserMedia) throw new Error('This browser cannot use the camera. Scan from a photo instead.');
  const reader = new BrowserQRCodeReader();
  try {
    const controls = await reader.decodeFromConstraints({ video: { facingMode: 'environment' } }, video, (result, _error, c) => {
      if (!result) return;
      c.stop();
      onCode(result.getText());
    });
    return { stop: () => controls.stop() };
  } catch {
    throw new Error('The camera could not be opened. Allow it in the browser, or scan from a photo instead.');
  }
}

/** The code in a photo, or null when it holds none. */
export async function scanPhoto(file: File): Promise<string | null> {
  const { BrowserQRCodeReader } = await import('@zxing/browser');
  const url = URL.createObjectURL(file);
  try {
    return (await new BrowserQRCodeReader().decodeFromImageUrl(url)).getText();
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}
