import { loadConfig } from '../config';
import { grantAdmin } from '../modules/admin/service';
import { closeContext, createContext } from '../server';

// `npm run admin -- grant <email>`: makes an existing user an admin (how the first admin is made).
const [command, email] = process.argv.slice(2);
if (command !== 'grant' || !email) {
  console.error('Usage: npm run admin -- grant <email>');
  process.exit(2);
}
const ctx = await createContext(loadConfig());
try {
  const user = await grantAdmin(ctx, email);
  if (!user) {
    console.error(`No user with the email ${email}. Sign up first, then grant.`);
    process.exitCode = 1;
  } else {
    console.log(`${user.email} is now an admin.`);
  }
} finally {
  await closeContext(ctx);
}
