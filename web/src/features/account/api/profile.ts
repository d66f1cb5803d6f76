/** GET and PUT /api/me/profile, parsed with the shared schema. */
import { profileResponseSchema, type ProfileResponse, type ProfileUpdate } from '@shared/profile';
import { apiRequest } from '../../../lib/api-client';

export const fetchProfile = (signal?: AbortSignal): Promise<ProfileResponse> => apiRequest('/me/profile', { schema: profileResponseSchema, auth: true, signal });

export const saveProfile = (body: ProfileUpdate): Promise<ProfileResponse> => apiRequest('/me/profile', { method: 'PUT', body, schema: profileResponseSchema, auth: true });
