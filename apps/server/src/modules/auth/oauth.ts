import type { Config } from '../../config';

/** The profile fields we read from any provider (Google, GitHub, a generic OpenID provider). */
export interface ProviderProfile {
  full_name?: unknown;
  name?: unknown;
  avatar_url?: unknown;
  picture?: unknown;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * Spec section 3: display name from full_name, then name, then none; avatar from avatar_url,
 * then picture, then none. The auth user's name cannot be null, so "none" is the empty string.
 */
export function mapProviderProfile(profile: ProviderProfile): { name: string; image?: string } {
  const image = text(profile.avatar_url) ?? text(profile.picture);
  return { name: text(profile.full_name) ?? text(profile.name) ?? '', ...(image ? { image } : {}) };
}

/** Google and GitHub, each only when both its id and secret are configured. */
export function socialProviders(config: Config) {
  const providers: Record<string, unknown> = {};
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    providers.google = {
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      mapProfileToUser: mapProviderProfile,
    };
  }
  if (config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET) {
    providers.github = {
      clientId: config.GITHUB_CLIENT_ID,
      clientSecret: config.GITHUB_CLIENT_SECRET,
      mapProfileToUser: mapProviderProfile,
    };
  }
  return providers;
}

/** The generic provider, when OIDC_ISSUER and OIDC_CLIENT_ID are set. */
export function genericProvider(config: Config) {
  if (!config.OIDC_ISSUER || !config.OIDC_CLIENT_ID) return null;
  const issuer = config.OIDC_ISSUER.replace(/\/$/, '');
  return {
    providerId: config.OIDC_PROVIDER_ID,
    name: config.OIDC_PROVIDER_NAME,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
    scopes: ['openid', 'email', 'profile'],
    mapProfileToUser: mapProviderProfile,
  };
}

/** The providers the sign-in screens can offer: `{ id, name }` for each configured one. */
export function configuredProviders(config: Config): { id: string; name: string }[] {
  const out: { id: string; name: string }[] = [];
  const social = socialProviders(config);
  if (social.google) out.push({ id: 'google', name: 'Google' });
  if (social.github) out.push({ id: 'github', name: 'GitHub' });
  const generic = genericProvider(config);
  if (generic) out.push({ id: generic.providerId, name: generic.name });
  return out;
}
