import path from 'node:path';
import { createLogger } from './logger';
import { ContentImportError, describeKept, importContent } from '../services/content/content';
import { loadConfig } from './config';
import { readContentFiles } from './content-files';
import { prepareDatabase } from './start';

// npm run content:import: validates every file under CONTENT_DIR and loads them into the configured database in
// one transaction (nothing changes when a file is wrong). Prints what changed, or each problem with its file.
const config = loadConfig(process.env);
const database = await prepareDatabase(config, createLogger({ level: 'warn' }));
let exitCode = 0;
try {
  const report = await importContent(database.db, await readContentFiles(path.resolve(config.CONTENT_DIR)));
  console.log(
    `content: ${report.imported.length} imported (${report.imported.join(', ') || '-'}), ` +
      `${report.unchanged.length} unchanged, ${report.removed.length} removed (${report.removed.join(', ') || '-'})`,
  );
  // A status set in the console wins over its file's until the two agree: never silently.
  for (const kept of report.kept) console.log(`content: ${describeKept(kept)}`);
} catch (error) {
  if (!(error instanceof ContentImportError)) throw error;
  console.error('content not imported; fix these and run again:');
  for (const p of error.problems) console.error(`  ${p.path}: ${p.message}`);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
