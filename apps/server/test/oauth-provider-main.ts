// The local OAuth provider as a process, for the e2e server (scripts/serve-e2e.mjs):
// `oauth-provider-main.ts <port> <client secret>`; a person signs in on its form.
import { startOAuthProvider } from './oauth-provider';

const [port, clientSecret] = process.argv.slice(2);
const provider = await startOAuthProvider({ port: Number(port), clientSecret, interactive: true });
console.log(`Local OAuth provider at ${provider.issuer}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void provider.close().then(() => process.exit(0)));
