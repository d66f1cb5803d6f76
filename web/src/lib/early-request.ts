/**
 * A GET started by a page's pre-rendered shell before the app's code has loaded (the pass's), so its
 * answer is on its way while the page's chunks download. The page's own call takes it once (apiRequest's `sent`);
 * any other call goes out as usual (as does this one again if it got no answer). Deliberately tiny, no API client
 * or schemas: the shell's script must not wait for the app's code.
 */
import { fetchConfigJson } from './config-json';

/** The API base from /config.json, unchecked but for its type (loadConfig's schema is not loaded yet). */
export async function uncheckedApiBase(): Promise<string> {
  const config = await fetchConfigJson();
  const base = (config as { apiBase?: unknown } | null)?.apiBase;
  if (typeof base !== 'string') throw new Error('config.json has no apiBase');
  return base;
}

let early: { path: string; response: Promise<Response> } | undefined;

/** GET `<apiBase><path>` now; the answer is also returned, for the shell's own use of it (read a clone). */
export function startEarlyRequest(path: string): Promise<Response> {
  const response = uncheckedApiBase().then((base) => fetch(`${base}${path}`, { headers: { accept: 'application/json' } }));
  // Taken later; until then a failure is no unhandled rejection.
  response.catch(() => undefined);
  early = { path, response };
  return response;
}

/** The early request for this path, once; undefined when none was started (or it was taken). */
export function takeEarlyRequest(path: string): Promise<Response> | undefined {
  if (early?.path !== path) return undefined;
  const { response } = early;
  early = undefined;
  return response;
}
