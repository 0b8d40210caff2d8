import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TChangePasswordInput,
  TDeleteAccountInput,
  TDeviceList,
  TMe,
  TNotificationPrefs,
  TOwnProfile,
  TPrivacyPrefs,
  TProfileUpdate,
  TSignedOut,
  Token as TToken,
  TokenInput as TTokenInput,
  Webhook as TWebhook,
  WebhookDelivery as TWebhookDelivery,
  WebhookInput as TWebhookInput,
} from '@wavecast/shared';
import { api } from '../../lib/api';
import { SESSION_KEY } from '../auth/session';

export const PROFILE_KEY = ['me', 'profile'] as const;
const NOTIFICATIONS_KEY = ['me', 'settings', 'notifications'] as const;
const PRIVACY_KEY = ['me', 'settings', 'privacy'] as const;

type ProfileResponse = { profile: TOwnProfile };

/** Keeps the top bar (session) in step with a saved profile. */
function useProfileSaved() {
  const qc = useQueryClient();
  return (data: ProfileResponse) => {
    qc.setQueryData(PROFILE_KEY, data);
    qc.setQueryData<{ user: TMe | null }>(SESSION_KEY, (old) =>
      old?.user
        ? { user: { ...old.user, displayName: data.profile.displayName, avatarUrl: data.profile.avatarUrl } }
        : old,
    );
  };
}

export const useOwnProfile = () =>
  useQuery({ queryKey: PROFILE_KEY, queryFn: () => api<ProfileResponse>('/api/me/profile') });

export function useUpdateProfile() {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: (body: TProfileUpdate) => api<ProfileResponse>('/api/me/profile', { method: 'PUT', body }),
    onSuccess: saved,
  });
}

export function useUploadAvatar() {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api<ProfileResponse>('/api/me/avatar', { method: 'POST', body: form });
    },
    onSuccess: saved,
  });
}

export function useRemoveAvatar() {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: () => api<ProfileResponse>('/api/me/avatar', { method: 'DELETE' }),
    onSuccess: saved,
  });
}

export const useNotificationPrefs = () =>
  useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: () => api<{ notifications: TNotificationPrefs }>('/api/me/settings/notifications'),
  });

export function useSaveNotificationPrefs() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TNotificationPrefs) =>
      api<{ notifications: TNotificationPrefs }>('/api/me/settings/notifications', { method: 'PUT', body }),
    onSuccess: (data) => qc.setQueryData(NOTIFICATIONS_KEY, data),
  });
}

export const usePrivacyPrefs = () =>
  useQuery({ queryKey: PRIVACY_KEY, queryFn: () => api<{ privacy: TPrivacyPrefs }>('/api/me/settings/privacy') });

export function useSavePrivacyPrefs() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TPrivacyPrefs) =>
      api<{ privacy: TPrivacyPrefs }>('/api/me/settings/privacy', { method: 'PUT', body }),
    onSuccess: (data) => qc.setQueryData(PRIVACY_KEY, data),
  });
}

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: TChangePasswordInput) => api<{ ok: true }>('/api/me/password', { method: 'POST', body }),
  });

export function useBecomeCreator() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ user: TMe }>('/api/me/become-creator', { method: 'POST' }),
    onSuccess: (data) => {
      qc.setQueryData(SESSION_KEY, data);
      void qc.invalidateQueries({ queryKey: PROFILE_KEY });
    },
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: TDeleteAccountInput) => api<{ deleted: true }>('/api/me', { method: 'DELETE', body }),
  });
}

const DEVICES_KEY = ['me', 'sessions'] as const;

/** The account's signed-in devices (`/api/me/sessions`), this one marked `current`. */
export const useSignedInDevices = () =>
  useQuery({ queryKey: DEVICES_KEY, queryFn: () => api<TDeviceList>('/api/me/sessions') });

/** Signs one other device out, or all of them. */
export function useSignOutDevices() {
  const qc = useQueryClient();
  const onSettled = () => qc.invalidateQueries({ queryKey: DEVICES_KEY });
  return {
    one: useMutation({
      mutationFn: (id: string) => api<TSignedOut>(`/api/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
      onSettled,
    }),
    others: useMutation({
      mutationFn: () => api<TSignedOut>('/api/me/sessions/sign-out-others', { method: 'POST' }),
      onSettled,
    }),
  };
}

const TOKENS_KEY = ['me', 'tokens'] as const;

/** Personal access tokens for the public API (`/api/tokens`). */
export const useApiTokens = () =>
  useQuery({ queryKey: TOKENS_KEY, queryFn: () => api<{ items: TToken[] }>('/api/tokens') });

export function useCreateApiToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TTokenInput) =>
      api<{ token: TToken; secret: string; message: string }>('/api/tokens', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: TOKENS_KEY }),
  });
}

export function useRevokeApiToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/api/tokens/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: TOKENS_KEY }),
  });
}

const WEBHOOKS_KEY = ['me', 'webhooks'] as const;

/** A creator's webhooks (`/api/webhooks`), their delivery log and re-send. */
export const useWebhooks = (enabled: boolean) =>
  useQuery({ queryKey: WEBHOOKS_KEY, enabled, queryFn: () => api<{ items: TWebhook[] }>('/api/webhooks') });

export const useWebhookDeliveries = (id: string | null) =>
  useQuery({
    queryKey: [...WEBHOOKS_KEY, id, 'deliveries'],
    enabled: !!id,
    queryFn: () => api<{ items: TWebhookDelivery[] }>(`/api/webhooks/${id}/deliveries`),
  });

export function useWebhookMutations() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: WEBHOOKS_KEY });
  return {
    create: useMutation({
      mutationFn: (body: TWebhookInput) =>
        api<{ webhook: TWebhook; secret: string; message: string }>('/api/webhooks', { method: 'POST', body }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api<{ message: string }>(`/api/webhooks/${id}`, { method: 'DELETE' }),
      onSuccess,
    }),
    resend: useMutation({
      mutationFn: (id: string) => api<{ message: string }>(`/api/webhooks/deliveries/${id}/resend`, { method: 'POST' }),
      onSuccess,
    }),
  };
}
