/** The pass's addresses: its page, `/pass/<token>`, and its API path under the API base. Plain code, no imports. */

/** The token in a pass address, `/pass/<token>` (with or without a trailing slash), as the route reads it. */
export function passTokenIn(pathname: string): string | null {
  const m = /^\/pass\/([^/]+)\/?$/.exec(pathname);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
}

/** GET /api/pass/{token}, under the API base. */
export const passApiPath = (token: string): string => `/pass/${encodeURIComponent(token)}`;
