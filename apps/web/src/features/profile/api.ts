import type { Profile } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Roles with a profile record (an owner has only the account). */
export const PROFILE_ROLES: readonly string[] = ['student', 'faculty', 'moderator'];

export function useMyProfile(enabled: boolean) {
  return useQuery({
    queryKey: ['me', 'profile'],
    queryFn: ({ signal }) =>
      api<{ profile: Profile }>('/users/me/profile', { signal }).then((data) => data.profile),
    enabled,
    staleTime: 60_000,
  });
}
