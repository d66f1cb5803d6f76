/**
 * Scan a pass's QR code: the phone's camera in the page, or a photo of the pass (the camera refused, or a desktop
 * without one). The code is sent to the server, which checks the pass's signature.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { cameraMessages, yardMessages } from '@shared/yard';
import { reloadForCamera } from '../camera-problem';
import type { CameraScan } from '../scan-code';

export function ScanPass({ onCode, busy }: { onCode(code: string): void; busy: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  const scan = useRef<CameraScan | null>(null);
  const [scanning, setScanning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const photoId = useId();

  const stop = () => {
    scan.current?.stop();
    scan.current = null;
    setScanning(false);
  };
  useEffect(() => stop, []);
  // Reached within the app from a page without the camera in its policy: load this page as a document, once.
  useEffect(() => void reloadForCamera(), []);

  const startCamera = async () => {
    setProblem(null);
    setScanning(true);
    try {
      const { startCameraScan } = await import('../scan-code');
      scan.current = await startCameraScan(video.current!, (code) => {
        stop();
        onCode(code);
      });
    } catch (e) {
      setProblem(e instanceof Error ? e.message : cameraMessages.failed);
      setScanning(false);
    }
  };

  const fromPhoto = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setProblem(null);
    const { scanPhoto } = await import('../scan-code');
    const code = await scanPhoto(file);
    if (code) onCode(code);
    else setProblem(`No QR code found in that photo. ${yardMessages.codeNeeded}.`);
  };

  return (
    <section className="yard-card yard-scan" aria-labelledby="yard-scan-title">
      <h2 id="yard-scan-title">Scan a pass</h2>
      <video ref={video} className="yard-video" hidden={!scanning} muted playsInline aria-label="Camera view" />
      <div className="yard-actions">
        {scanning ? (
          <button type="button" className="btn btn-outline yard-big" onClick={stop}>
            Stop the camera
          </button>
        ) : (
          <button type="button" className="btn btn-primary yard-big" onClick={() => void startCamera()} disabled={busy}>
            Scan with the camera
          </button>
        )}
        <label className="btn btn-outline yard-big" htmlFor={photoId}>
          Scan from a photo
        </label>
        {/* Hidden as the site hides things for sight only (sr-only): the label above is its button. */}
        <input id={photoId} className="sr-only yard-photo-input" type="file" accept="image/*" capture="environment" onChange={(e) => void fromPhoto(e)} disabled={busy} />
      </div>
      {problem && (
        <p className="alert alert-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
