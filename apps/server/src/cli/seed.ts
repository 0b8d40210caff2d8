import { loadConfig } from '../config';
import { seedDemo } from '../db/seed';
import { closeContext, createContext } from '../server';

// `npm run seed`: adds the demo catalogue (again) to the configured database.
const ctx = await createContext(loadConfig());
try {
  const n = await seedDemo(ctx, (m) => console.log(m));
  console.log(`Seeded ${n} demo tracks.`);
} finally {
  await closeContext(ctx);
}
