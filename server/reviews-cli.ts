import { userInfo } from 'node:os';
import { createLogger } from './logger';
import { systemClock } from '../domain/clock';
import { commandActor, listPendingReviews, moderateReviews } from '../services/reviews/reviews';
import { ServiceError } from '../services/platform/service-error';
import { loadConfig } from './config';
import { prepareDatabase } from './start';

// npm run reviews -- pending | approve ID | reject ID: the moderator's desk on the server. New and edited reviews
// wait here; approving publishes one and updates the wine's rating. The console's /admin/reviews decides through the
// same service (moderateReviews), audited here as `command:{user}`.
const [command, idText] = process.argv.slice(2);
const usage = 'usage: npm run reviews -- pending | approve ID | reject ID';
const database = await prepareDatabase(loadConfig(process.env), createLogger({ level: 'warn' }));
let exitCode = 0;
try {
  if (command === 'pending') {
    const pending = await listPendingReviews(database.db);
    if (pending.length === 0) console.log('No reviews are waiting.');
    for (const r of pending)
      console.log(`#${r.id} ${r.itemCode} ${'★'.repeat(r.rating)} ${r.author}: ${r.title}\n    ${r.body}`);
  } else if ((command === 'approve' || command === 'reject') && /^\d{1,9}$/.test(idText ?? '')) {
    await moderateReviews(database.db, systemClock, commandActor(userInfo().username), [Number(idText)], command);
    console.log(`Review #${idText} ${command === 'approve' ? 'published' : 'rejected'}.`);
  } else {
    console.error(usage);
    exitCode = 2;
  }
} catch (error) {
  if (!(error instanceof ServiceError)) throw error;
  console.error(error.message);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
