import { startFakeStripe } from './fake-stripe';

// The fake Stripe as its own process (scripts/serve-e2e.mjs): `fake-stripe-main.ts <port> <webhookUrl>`.
// Its hosted Checkout pages let a browser pay; the app gets the signed webhooks Stripe would send.
const [port, webhookUrl] = process.argv.slice(2);
const fake = await startFakeStripe({
  port: Number(port),
  webhookUrl,
  amounts: { price_creator: 1900, price_pro: 4900, price_premium: 999, price_family: 1499 },
});
console.log(`fake Stripe on ${fake.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => fake.close().then(() => process.exit(0)));
