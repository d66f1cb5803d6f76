/**
 * The signed-in person's profile (docs/accounts.md; the Profile panel): the API's field names are
 * snake_case, and the profile form validates with the same rules the API enforces.
 */
import * as z from 'zod';
import { typedText } from './text';

export const profileMessages = {
  loadFailed: 'Failed to load profile',
  populated: 'Profile populated from your booking information',
  saveFailed: 'Failed to save profile',
  saved: 'Profile saved successfully',
  nameInvalid: 'Names use letters, spaces, hyphens and apostrophes',
  nameTooLong: 'Names can be at most 50 characters',
  phoneInvalid: 'Please enter a valid phone number',
  addressTooLong: 'The address can be at most 300 characters',
  addressInvalid: 'Please enter a valid address',
  emailTaken: 'A customer with this email already exists',
  phoneTaken: 'A customer with this contact number already exists',
} as const;

// Letters of any script, with the marks, spaces, hyphens, apostrophes and dots that real names use.
const NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;
const name = typedText({ max: 50, tooLong: profileMessages.nameTooLong, invalid: profileMessages.nameInvalid }).refine((v) => v === '' || NAME.test(v), profileMessages.nameInvalid);

export const profilePhone = typedText({ max: 20, tooLong: profileMessages.phoneInvalid, invalid: profileMessages.phoneInvalid }).refine((v) => v === '' || (/^[0-9 +()-]+$/.test(v) && v.replace(/\D/g, '').length >= 7), profileMessages.phoneInvalid);

/** PUT /api/me/profile */
export const profileUpdateSchema = z.strictObject({
  first_name: name,
  last_name: name,
  phone: profilePhone,
  address: typedText({ max: 300, tooLong: profileMessages.addressTooLong, invalid: profileMessages.addressInvalid, multiline: true }),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const profileSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  address: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** GET and PUT /api/me/profile. `populated` says the profile was just made from the latest customer record. */
export const profileResponseSchema = z.object({
  profile: profileSchema,
  populated: z.boolean(),
  /** The greeting's first name: the profile's, else the first word of the latest customer name; null when neither. */
  greeting_name: z.string().nullable(),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** 'Ana Maria Smith' -> first 'Ana', last 'Maria Smith' (the first word is the first name). */
export function splitName(full: string): { first: string; last: string } {
  const [first = '', ...rest] = full.trim().split(/\s+/);
  return { first, last: rest.join(' ') };
}
