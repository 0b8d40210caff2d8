import { useQuery } from '@tanstack/react-query';
import { AUTH_MESSAGES, LOADING_LABELS, SOCIAL_PROVIDERS } from '@wavecast/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../lib/toast';
import { authApi } from '../api';
import { Divider } from './Divider';
import { ProviderIcon } from './ProviderIcon';

/**
 * "Continue with …" for each sign-in provider the server has configured (Google, GitHub, a generic
 * OpenID provider), under a divider; nothing at all on a server without providers, so no button
 * is offered that can only fail.
 */
export function SocialButtons({
  mode,
  divider,
  onError,
}: {
  mode: 'signin' | 'signup';
  divider: string;
  onError?: (m: string) => void;
}) {
  const [connecting, setConnecting] = useState<string | null>(null);
  const configured = useQuery({ queryKey: ['auth-providers'], queryFn: authApi.providers, staleTime: Infinity });
  const buttons = configured.data?.providers ?? [];
  const failed = mode === 'signin' ? AUTH_MESSAGES.socialSignInFailed : AUTH_MESSAGES.socialSignUpFailed;

  const start = async (id: string, name: string) => {
    const fail = (detail: string) => {
      toast.error(failed(name));
      onError?.(detail);
      setConnecting(null);
    };
    setConnecting(id);
    try {
      const back = `${mode === 'signin' ? '/login' : '/signup'}?oauthError=${encodeURIComponent(id)}`;
      const { url } = await authApi.social(id, back);
      window.location.assign(url);
    } catch (e) {
      fail(e instanceof Error ? e.message : failed(name));
    }
  };

  if (buttons.length === 0) return null;
  return (
    <>
      <Divider label={divider} />
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
    </>
  );
}

/** The name of a provider id for messages ('google' → 'Google'). */
export const providerName = (id: string) =>
  SOCIAL_PROVIDERS.find((p) => p.id === id)?.name ?? id.charAt(0).toUpperCase() + id.slice(1);
