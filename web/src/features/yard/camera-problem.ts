/**
 * Why the camera scanner could not start, from what the browser said (getUserMedia's DOMException name) and what
 * the page knows of itself: an insecure page has no camera API at all, and a page sent without the camera in its
 * Permissions-Policy is refused whatever the person allows, with the same NotAllowedError a refusal gives.
 */
import { cameraMessages } from '@shared/yard';

export interface CameraContext {
  /** window.isSecureContext: the camera is offered only on https (and on localhost). */
  secure: boolean;
  /** Whether this document's Permissions-Policy lets it use the camera; null where the browser does not say. */
  policyAllows: boolean | null;
  /** Whether the browser has getUserMedia at all. */
  hasApi: boolean;
}

/** What stops the camera before it is asked for, or null when it may be asked. */
export function cameraBlocked(ctx: CameraContext): string | null {
  if (!ctx.secure) return cameraMessages.insecure;
  if (ctx.policyAllows === false) return cameraMessages.policy;
  if (!ctx.hasApi) return cameraMessages.unsupported;
  return null;
}

/** The message for what getUserMedia threw. */
export function cameraProblem(error: unknown, ctx: CameraContext): string {
  const before = cameraBlocked(ctx);
  if (before) return before;
  const name = error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error) ? String((error as { name: unknown }).name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return cameraMessages.denied;
    case 'SecurityError':
      return cameraMessages.policy;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return cameraMessages.noCamera;
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return cameraMessages.busy;
    default:
      return cameraMessages.failed;
  }
}

/** This document's camera permission under its Permissions-Policy, where the browser tells (Chromium's featurePolicy). */
export function documentAllowsCamera(doc: Document = document): boolean | null {
  const policy = (doc as Document & { featurePolicy?: { allowsFeature?(feature: string): boolean } }).featurePolicy;
  return typeof policy?.allowsFeature === 'function' ? policy.allowsFeature('camera') : null;
}

/** The page as it stands. */
export const cameraContext = (): CameraContext => ({
  secure: window.isSecureContext,
  policyAllows: documentAllowsCamera(),
  hasApi: !!navigator.mediaDevices?.getUserMedia,
});

const RELOAD_KEY = 'runway.cameraReload';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The scanner reached within the app from a page sent without the camera (the policy comes with the document): loads
 * the page again as a document, which the yard's headers then allow. Once per address, so a page still refused the
 * camera after its own load (the headers missing) says so when the camera is pressed instead of loading forever.
 */
export function reloadForCamera(doc: Document = document, store: Store = sessionStorage, location: Pick<Location, 'href' | 'reload'> = window.location): boolean {
  let last: string | null;
  try {
    last = store.getItem(RELOAD_KEY);
    store.removeItem(RELOAD_KEY);
  } catch {
    return false;
  }
  if (documentAllowsCamera(doc) !== false || last === location.href) return false;
  store.setItem(RELOAD_KEY, location.href);
  location.reload();
  return true;
}
