/**
 * The yard scanner's message says what really stopped the camera: an insecure page, a page sent without the camera
 * in its Permissions-Policy, a browser without the API, the person (or the browser's site setting) refusing, no
 * camera, or a camera another app holds.
 */
import { describe, expect, it } from 'vitest';
import { cameraMessages } from '../../shared/yard';
import { cameraBlocked, cameraProblem, documentAllowsCamera, reloadForCamera, type CameraContext } from '../../web/src/features/yard/camera-problem';
import { needsDocumentLoad } from '../../web/src/lib/document-navigation';

const ok: CameraContext = { secure: true, policyAllows: true, hasApi: true };
const thrown = (name: string) => new DOMException('x', name);

describe('the camera scanner says what stopped it', () => {
  it('before asking: an insecure page, a page whose policy has no camera, a browser without the API', () => {
    expect(cameraBlocked(ok)).toBeNull();
    expect(cameraBlocked({ ...ok, policyAllows: null })).toBeNull();
    expect(cameraBlocked({ ...ok, secure: false, hasApi: false })).toBe(cameraMessages.insecure);
    expect(cameraBlocked({ ...ok, policyAllows: false })).toBe(cameraMessages.policy);
    expect(cameraBlocked({ ...ok, hasApi: false })).toBe(cameraMessages.unsupported);
  });

  it('after asking: by the name of what the browser threw', () => {
    expect(cameraProblem(thrown('NotAllowedError'), ok)).toBe(cameraMessages.denied);
    expect(cameraProblem(thrown('NotFoundError'), ok)).toBe(cameraMessages.noCamera);
    expect(cameraProblem(thrown('OverconstrainedError'), ok)).toBe(cameraMessages.noCamera);
    expect(cameraProblem(thrown('NotReadableError'), ok)).toBe(cameraMessages.busy);
    expect(cameraProblem(thrown('SecurityError'), ok)).toBe(cameraMessages.policy);
    expect(cameraProblem(new Error('odd'), ok)).toBe(cameraMessages.failed);
    expect(cameraProblem('nothing', ok)).toBe(cameraMessages.failed);
  });

  it('a refusal on a page whose policy has no camera is the policy, not the person', () => {
    expect(cameraProblem(thrown('NotAllowedError'), { ...ok, policyAllows: false })).toBe(cameraMessages.policy);
  });

  it('reads the page\'s policy where the browser tells it, and says nothing where it does not', () => {
    expect(documentAllowsCamera({ featurePolicy: { allowsFeature: (f: string) => f !== 'camera' } } as unknown as Document)).toBe(false);
    expect(documentAllowsCamera({ featurePolicy: { allowsFeature: () => true } } as unknown as Document)).toBe(true);
    expect(documentAllowsCamera({} as Document)).toBeNull();
  });

  it('never tells staff to allow the camera in the browser when the browser was not asked', () => {
    for (const m of [cameraMessages.insecure, cameraMessages.policy, cameraMessages.noCamera, cameraMessages.busy]) expect(m).not.toMatch(/allow it/i);
  });
});

describe('the yard page and its document', () => {
  const docWith = (camera: boolean) => ({ featurePolicy: { allowsFeature: () => camera } }) as unknown as Document;
  const memory = () => {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
  };

  it('loads the scanner again as a document when it was reached from a page without the camera, once per address', () => {
    const store = memory();
    let reloads = 0;
    const location = { href: 'https://site.example/yard', reload: () => void reloads++ };
    expect(reloadForCamera(docWith(false), store, location)).toBe(true);
    // The same address, still without the camera after its own load: no second load (the button says why instead).
    expect(reloadForCamera(docWith(false), store, location)).toBe(false);
    expect(reloads).toBe(1);
    // A page whose policy allows the camera is left alone.
    expect(reloadForCamera(docWith(true), memory(), location)).toBe(false);
    expect(reloads).toBe(1);
  });

  it('moves between the yard\'s pages and the others by loading the page, within each kind in the app', () => {
    expect(needsDocumentLoad('/yard', '/auth')).toBe(true);
    expect(needsDocumentLoad('/yard?x=1', '/customer-dashboard')).toBe(true);
    expect(needsDocumentLoad('/admin', '/yard')).toBe(true);
    expect(needsDocumentLoad('/yard/queue', '/yard')).toBe(false);
    expect(needsDocumentLoad('/admin/day-sheet', '/admin')).toBe(false);
    expect(needsDocumentLoad('/customer-dashboard#x', '/auth')).toBe(false);
  });
});
