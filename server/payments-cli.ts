import { systemClock } from '../domain/clock';
import { reconcilePayments } from '../services/checkout/reconcile-payments';
import { paymentProviderFor } from '../services/payments/provider';
import { CommandRefusal, onDatabaseOrServer } from './command-runner';
import { ConfigError, loadConfig } from './config';

// npm run payments -- reconcile: the shop's payments of the last 8 days against the provider's (the daily job of the
// running server does the same): authorisations with no order are let go, orders left AUTHORISED are captured, and
// amounts that differ and authorisations about to lapse are printed for a person to look at.

const [command] = process.argv.slice(2);
const USAGE = 'usage: npm run payments -- reconcile';

let exitCode = 0;
try {
  if (command !== 'reconcile') {
    console.error(USAGE);
    exitCode = 2;
  } else {
    const config = loadConfig(process.env);
    const report = await onDatabaseOrServer(config, {
      direct: (database) => reconcilePayments(database.db, paymentProviderFor(database.db, config), systemClock.now()),
      viaServer: async () => {
        throw new CommandRefusal(
          'The running storefront holds the embedded database: its own daily job reconciles the payments. Stop it to run this by hand, or use PostgreSQL.',
        );
      },
    });
    for (const reference of report.released) console.log(`released  ${reference} (no order)`);
    for (const orderNumber of report.captured) console.log(`captured  ${orderNumber}`);
    for (const m of report.mismatched)
      console.log(
        `MISMATCH  ${m.orderNumber} ${m.reference}: order ${m.orderCents}, provider ${m.providerCents} (cents)`,
      );
    for (const e of report.expiring)
      console.log(`EXPIRING  ${e.orderNumber ?? '-'} ${e.reference} at ${e.expiresAt.toISOString()}`);
    for (const f of report.failed) console.log(`FAILED    ${f.reference}: ${f.error}`);
    const { released, captured, mismatched, expiring, failed } = report;
    console.log(
      `Reconciled: ${released.length} released, ${captured.length} captured, ${mismatched.length} mismatched, ${expiring.length} expiring, ${failed.length} failed.`,
    );
    if (mismatched.length + expiring.length + failed.length > 0) exitCode = 1;
  }
} catch (error) {
  if (error instanceof CommandRefusal || error instanceof ConfigError) {
    console.error(error.message);
    exitCode = 1;
  } else throw error;
}
process.exit(exitCode);
