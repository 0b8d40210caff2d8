import { useQuery } from '@tanstack/react-query';
import { AUTH_MESSAGES, LOADING_LABELS, SOCIAL_PROVIDERS } from '@wavecast/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../lib/toast';
import { authApi } from '../api';
import { ProviderIcon } from './ProviderIcon';

/**
 * Continue with Google / GitHub (always shown, as the spec has them), plus any other provider the
 * server has configured. A provider the server lacks answers with a clear error toast.
 */
export function SocialButtons({ mode, onError }: { mode: 'signin' | 'signup'; onError?: (m: string) => void }) {
  const [connecting, setConnecting] = useState<string | null>(null);
  const configured = useQuery({ queryKey: ['auth-providers'], queryFn: authApi.providers, staleTime: Infinity });
  const available = configured.data?.providers ?? [];
  const extra = available.filter((p) => !SOCIAL_PROVIDERS.some((s) => s.id === p.id));
  const buttons = [...SOCIAL_PROVIDERS, ...extra];
  const failed = mode === 'signin' ? AUTH_MESSAGES.socialSignInFailed : AUTH_MESSAGES.socialSignUpFailed;

  const start = async (id: string, name: string) => {
    const fail = (detail: string) => {
      toast.error(failed(name));
      onError?.(detail);
      setConnecting(null);
    };
    setConnecting(id);
    if (configured.isSuccess && !available.some((p) => p.id === id)) {
      return fail(`${name} sign-in is not configured on this server.`);
    }
    try {
      const back = `${mode === 'signin' ? '/login' : '/signup'}?oauthError=${encodeURIComponent(id)}`;
      const { url } = await authApi.social(id, back);
      window.location.assign(url);
    } catch (e) {
      fail(e instanceof Error ? e.message : failed(name));
    }
  };

  return (
    <div className="space-y-3">
      {buttons.map((p) => (
        <Button
          key={p.id}
          variant="outline"
          className="w-full"
          disabled={connecting !== null}
          onClick={() => void start(p.id, p.name)}
          data-provider={p.id}
        >
          <ProviderIcon id={p.id} />
          {connecting === p.id ? LOADING_LABELS.connecting : `Continue with ${p.name}`}
        </Button>
      ))}
    </div>
  );
}

/** The name of a provider id for messages ('google' → 'Google'). */
export const providerName = (id: string) =>
  SOCIAL_PROVIDERS.find((p) => p.id === id)?.name ?? id.charAt(0).toUpperCase() + id.slice(1);
