/** GET /api/me/profile: the caller's profile, made from their latest customer record the first time. */
import { loadProfile } from '../use-cases/account/profile';
import { httpHandler } from '../lib/http';

export const handler = httpHandler({ access: 'user' }, async ({ auth }) => ({ body: await loadProfile(auth.user!) }));
