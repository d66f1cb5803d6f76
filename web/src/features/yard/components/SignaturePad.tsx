/**
 * The traveller signs with a finger on the staff phone. The canvas is drawn with pointer events; the page offers
 * "Traveller not present" (a reason, typed) as the keyboard's and screen reader's way to acknowledge instead.
 */
import { useRef, type PointerEvent } from 'react';

export interface SignatureHandle {
  toBlob(): Promise<Blob | null>;
}

export function SignaturePad({ onSigned, handleRef }: { onSigned(signed: boolean): void; handleRef: { current: SignatureHandle | null } }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const signed = useRef(false);
  handleRef.current = { toBlob: () => new Promise((resolve) => (signed.current && canvas.current ? canvas.current.toBlob(resolve, 'image/png') : resolve(null))) };

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const c = canvas.current!;
    const r = c.getBoundingClientRect();
    return [((e.clientX - r.left) * c.width) / r.width, ((e.clientY - r.top) * c.height) / r.height] as const;
  };
  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    drawing.current = true;
    try {
      // Keeps the stroke when the finger strays outside the box; a pointer the browser no longer tracks cannot be captured.
      canvas.current!.setPointerCapture(e.pointerId);
    } catch {
      /* drawn without capture */
    }
    const [x, y] = point(e);
    ctx.lineWidth = 3;
    ctx.lineCap = 'round';
    ctx.strokeStyle = '#111827';
    ctx.beginPath();
    ctx.moveTo(x, y);
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    const ctx = canvas.current?.getContext('2d');
    if (!drawing.current || !ctx) return;
    const [x, y] = point(e);
    ctx.lineTo(x, y);
    ctx.stroke();
    if (!signed.current) {
      signed.current = true;
      onSigned(true);
    }
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    signed.current = false;
    onSigned(false);
  };
  return (
    <div className="signature-pad">
      <canvas ref={canvas} width={600} height={200} aria-label="Signature: the traveller signs here with a finger" role="img" onPointerDown={down} onPointerMove={move} onPointerUp={() => (drawing.current = false)} onPointerLeave={() => (drawing.current = false)} />
      <button type="button" className="btn btn-outline" onClick={clear}>
        Clear signature
      </button>
    </div>
  );
}
