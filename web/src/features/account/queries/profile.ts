/** The profile as a query, and saving it as a mutation whose answer becomes the cached profile (the greeting follows). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ProfileResponse, ProfileUpdate } from '@shared/profile';
import { fetchProfile, saveProfile } from '../api/profile';
import { accountKeys } from './keys';

export const useProfile = (enabled: boolean) => useQuery({ queryKey: accountKeys.profile, queryFn: ({ signal }) => fetchProfile(signal), enabled });

export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => saveProfile(body),
    // The saved profile is no longer 'just populated': keep that toast from showing again.
    onSuccess: (saved) => client.setQueryData<ProfileResponse>(accountKeys.profile, { ...saved, populated: false }),
  });
}

/** The server made the profile from the person's last booking: `say` it once; the cached answer then stops saying so. */
export function usePopulatedNotice(data: ProfileResponse | undefined, say: () => void) {
  const client = useQueryClient();
  useEffect(() => {
    if (!data?.populated) return;
    say();
    client.setQueryData<ProfileResponse>(accountKeys.profile, { ...data, populated: false });
  }, [data, client, say]);
}
