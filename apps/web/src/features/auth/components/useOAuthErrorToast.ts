import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { providerName } from './SocialButtons';

/** After a failed provider round trip the server sends the browser back with ?oauthError=<id>. */
export function useOAuthErrorToast(message: (provider: string) => string) {
  const [params, setParams] = useSearchParams();
  const shown = useRef(false);
  const provider = params.get('oauthError');
  useEffect(() => {
    if (!provider || shown.current) return;
    shown.current = true;
    toast.error(message(providerName(provider)));
    setParams({}, { replace: true });
  }, [provider, message, setParams]);
}
