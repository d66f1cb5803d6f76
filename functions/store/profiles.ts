/** A signed-in person's profile: one item per Cognito user (`USER#<sub>` / `PROFILE`). */
import { keys } from './keys';
import { getItem, isConditionalFailure, putItem, type Item } from './table';

export interface ProfileRecord {
  userId: string;
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  createdAt: string;
  updatedAt: string;
}

type ProfileItem = Item & ProfileRecord;

const toRecord = ({ userId, firstName, lastName, phone, address, createdAt, updatedAt }: ProfileItem): ProfileRecord => ({
  userId,
  firstName,
  lastName,
  phone,
  address,
  createdAt,
  updatedAt,
});

const itemOf = (p: ProfileRecord): ProfileItem => ({ ...keys.profile(p.userId), type: 'profile', ...p });

export async function getProfile(userId: string): Promise<ProfileRecord | null> {
  const item = await getItem<ProfileItem>(keys.profile(userId), true);
  return item ? toRecord(item) : null;
}

/** Writes the first profile of a user; when another request made it first, that one is returned instead. */
export async function createProfile(profile: ProfileRecord): Promise<{ profile: ProfileRecord; created: boolean }> {
  try {
    await putItem(itemOf(profile), true);
    return { profile, created: true };
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
    const existing = await getProfile(profile.userId);
    if (!existing) throw error;
    return { profile: existing, created: false };
  }
}

export async function putProfile(profile: ProfileRecord): Promise<void> {
  await putItem(itemOf(profile));
}
