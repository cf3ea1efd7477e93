import type { DemoVideo, PublicConfig, SessionAccount, SessionUser } from '@portal/shared';
import { PRODUCT_NAME } from '@portal/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const authKeys = {
  config: ['config', 'public'] as const,
  me: ['auth', 'me'] as const,
  fileSession: ['files', 'session'] as const,
  demoVideo: ['users', 'me', 'demo-video'] as const,
};

export function usePublicConfig() {
  return useQuery({
    queryKey: authKeys.config,
    queryFn: ({ signal }) => api<PublicConfig>('/config/public', { auth: false, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The product name from the server, the built-in one until it has answered. */
export function useProductName(): string {
  return usePublicConfig().data?.product_name || PRODUCT_NAME;
}

export const login = (body: { username: string; password: string }) =>
  api<SessionAccount>('/auth/login', { body, auth: false });

export const fetchMe = (signal?: AbortSignal) => api<SessionUser>('/auth/me', { signal });

/** The file cookie lives two hours; a signed-in page renews it every half hour. */
export const FILE_SESSION_RENEW_MS = 30 * 60_000;

/** Renews the cookie that lets the browser load the account's files (see lib/file-cookie.ts). */
export const renewFileSession = (signal?: AbortSignal) =>
  api<{ expires_at: string }>('/files/session', { method: 'POST', signal }).then(() => true);

export const forgotPassword = (username: string) =>
  api<{ sent: boolean }>('/auth/forgot-password', { body: { username }, auth: false });

export const verifyOtp = (username: string, otp: string) =>
  api<{ temp_token: string }>('/auth/verify-otp', { body: { username, otp }, auth: false });

export const resetPassword = (temp_token: string, new_password: string) =>
  api<{ reset: boolean }>('/auth/reset-password', { body: { temp_token, new_password }, auth: false });

export const changePassword = (old_password: string, new_password: string) =>
  api<{ changed: boolean }>('/auth/change-password', { body: { old_password, new_password } });

export function useDemoVideo(enabled: boolean) {
  return useQuery({
    queryKey: authKeys.demoVideo,
    queryFn: ({ signal }) => api<DemoVideo>('/users/me/demo-video', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
