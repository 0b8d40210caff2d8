import { isPaidPlanId } from '@wavecast/shared';
import { loadConfig } from '../config';
import { adminService } from '../modules/admin/service';
import { billing } from '../modules/billing';
import { findUserByEmail } from '../modules/users/repo';
import { closeContext, createContext } from '../server';

// `npm run admin -- grant <email>`: makes an existing user an admin (how the first admin is made).
// `npm run admin -- plan <email> <creator|pro|premium|family|none>`: gives a plan free of charge, or ends it.
const USAGE =
  'Usage: npm run admin -- grant <email>\n       npm run admin -- plan <email> <creator|pro|premium|family|none>';
const [command, email, planArg] = process.argv.slice(2);
const planId = planArg === 'none' ? null : planArg;
if (
  !email ||
  (command !== 'grant' && command !== 'plan') ||
  (command === 'plan' && planId !== null && !isPaidPlanId(planId))
) {
  console.error(USAGE);
  process.exit(2);
}
const ctx = await createContext(loadConfig());
try {
  if (command === 'grant') {
    const user = await adminService(ctx).grantAdmin(email);
    if (!user) {
      console.error(`No user with the email ${email}. Sign up first, then grant.`);
      process.exitCode = 1;
    } else {
      console.log(`${user.email} is now an admin.`);
    }
  } else {
    const user = await findUserByEmail(ctx.database.db, email.trim());
    if (!user) {
      console.error(`No user with the email ${email}.`);
      process.exitCode = 1;
    } else {
      const account = { id: user.id, role: user.userRole };
      await billing(ctx).subscriptions.grant(account, isPaidPlanId(planId) ? planId : null, 'cli');
      console.log(`${user.email} is now on ${(await billing(ctx).entitlements.of(account)).plan.name}.`);
    }
  }
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
} finally {
  await closeContext(ctx);
}
