import { createLogger } from './logger';
import { loadConfig } from './config';
import { prepareDatabase } from './start';

// npm run db:seed: migrate and seed the configured database (a second run changes nothing).
const config = loadConfig(process.env);
const database = await prepareDatabase(config, createLogger({ level: 'info' }));
await database.close();
