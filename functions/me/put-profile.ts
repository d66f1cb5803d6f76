/** PUT /api/me/profile: saves the caller's profile fields. */
import { profileUpdateSchema } from '../../shared/profile';
import { saveProfile } from '../use-cases/account/profile';
import { httpHandler } from '../lib/http';

export const handler = httpHandler({ access: 'user', body: profileUpdateSchema }, async ({ auth, body }) => ({ body: await saveProfile(auth.user!, body) }));
