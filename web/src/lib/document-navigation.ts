/**
 * A page's Permissions-Policy comes with its document: moving within the app keeps the first page's. The yard's
 * pages are sent with the camera allowed and every other page without (shared/security-headers.ts), so going between
 * the two kinds must load the new page as a document for the scanner to work there, and for the camera to stay off
 * elsewhere.
 */
import { isCameraPath } from '@shared/security-headers';

const pathOnly = (to: string): string => to.split(/[?#]/)[0] || '/';

/** True when going from `current` to `to` (a path on this site) changes the page's Permissions-Policy. */
export const needsDocumentLoad = (to: string, current: string = window.location.pathname): boolean => isCameraPath(pathOnly(to)) !== isCameraPath(pathOnly(current));

/**
 * Goes to `to` within the app, or as a document load when the page's policy changes there (see needsDocumentLoad).
 * `replace` replaces the current entry either way.
 */
export function goToPage(to: string, inApp: (to: string) => void, options: { replace?: boolean } = {}): void {
  if (!needsDocumentLoad(to)) return inApp(to);
  if (options.replace) window.location.replace(to);
  else window.location.assign(to);
}
