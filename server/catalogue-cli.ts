import { readFile } from 'node:fs/promises';
import { createLogger } from './logger';
import { systemClock } from '../domain/clock';
import { importCatalogue } from '../services/catalogue/import';
import { readCatalogueCsv } from './catalogue-file';
import { loadConfig } from './config';
import { prepareDatabase } from './start';

// npm run catalogue:import FILE.csv: checks every line of the operator's catalogue file and, only when all are
// good, applies it in one transaction. Problems are printed by line number and the catalogue is left as it was.
const file = process.argv[2];
if (!file) {
  console.error(
    'usage: npm run catalogue:import FILE.csv   (the format is in the README, sample: docs/catalogue-sample.csv)',
  );
  process.exit(2);
}
const { products, problems } = readCatalogueCsv(await readFile(file, 'utf8'));
if (problems.length > 0) {
  console.error(`${file}: nothing imported; fix these lines and run again:`);
  for (const p of problems) console.error(`  line ${p.line}: ${p.message}`);
  process.exit(1);
}
const database = await prepareDatabase(loadConfig(process.env), createLogger({ level: 'warn' }));
try {
  const r = await importCatalogue(database.db, systemClock, products);
  console.log(
    `${file}: ${r.products} products (${r.created} new, ${r.updated} updated), ${r.skus} skus, ${r.prices} prices. ` +
      'Running servers show the change within a minute (their read cache).',
  );
} finally {
  await database.close();
}
