import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// `npm test`: every test, each once where the database under it does not matter. Lint, types, unit tests and the
// build run once; the API tests and the browser tests run on PGlite; with TEST_DATABASE_URL the API tests run again
// on PostgreSQL, and the browser tests tagged @db (those that change data or depend on what the database does)
// too. Stops at the first stage that fails, then prints every stage's time and test count.

interface Stage {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** Where the stage's runner writes its JSON report, for the count of tests run. */
  report?: { kind: 'vitest' | 'playwright'; file: string };
}

interface Result {
  name: string;
  seconds: number;
  ok: boolean;
  tests?: { passed: number; failed: number; skipped: number };
}

const postgres = process.env.TEST_DATABASE_URL ?? '';
const reports = mkdtempSync(path.join(os.tmpdir(), 'sf-test-reports-'));
const pglite = { TEST_DATABASE_URL: '' };
const onPostgres = { TEST_DATABASE_URL: postgres };

function vitest(name: string, project: 'unit' | 'api', env: Record<string, string>): Stage {
  const file = path.join(reports, `${project}-${env.TEST_DATABASE_URL ? 'pg' : 'pglite'}.json`);
  return {
    name,
    command: [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ],
    env,
    report: { kind: 'vitest', file },
  };
}

function playwright(name: string, env: Record<string, string>, grep?: string): Stage {
  const file = path.join(reports, `browser-${env.TEST_DATABASE_URL ? 'pg' : 'pglite'}.json`);
  return {
    name,
    command: ['playwright', 'test', '--reporter=list,json', ...(grep ? ['--grep', grep] : [])],
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_FILE: file },
    report: { kind: 'playwright', file },
  };
}

const stages: Stage[] = [
  { name: 'lint', command: ['npm', 'run', 'lint'] },
  { name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
  vitest('unit tests', 'unit', pglite),
  { name: 'build', command: ['npm', 'run', 'build'] },
  vitest('API tests, PGlite', 'api', pglite),
  playwright('browser tests, PGlite (all)', pglite),
  ...(postgres
    ? [
        vitest('API tests, PostgreSQL', 'api', onPostgres),
        playwright('browser tests, PostgreSQL (@db)', { ...onPostgres, E2E_AXE: 'off' }, '@db'),
      ]
    : []),
];

function run(stage: Stage): Promise<boolean> {
  const [command = '', ...args] = stage.command;
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...stage.env } });
    child.on('exit', (code) => resolve(code === 0));
    child.on('error', () => resolve(false));
  });
}

function countTests(report: NonNullable<Stage['report']>): Result['tests'] {
  try {
    const json = JSON.parse(readFileSync(report.file, 'utf8'));
    if (report.kind === 'vitest') {
      return {
        passed: json.numPassedTests,
        failed: json.numFailedTests,
        skipped: json.numPendingTests + json.numTodoTests,
      };
    }
    const stats = json.stats;
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
  } catch {
    return undefined;
  }
}

const results: Result[] = [];
for (const stage of stages) {
  console.log(`\n--- ${stage.name}: ${stage.command.join(' ')}`);
  const started = performance.now();
  const ok = await run(stage);
  results.push({
    name: stage.name,
    seconds: (performance.now() - started) / 1000,
    ok,
    tests: stage.report ? countTests(stage.report) : undefined,
  });
  if (!ok) break;
}
rmSync(reports, { recursive: true, force: true });

const width = Math.max(...stages.map((s) => s.name.length));
console.log('\nnpm test, stage by stage:');
for (const r of results) {
  const tests = r.tests
    ? `  ${r.tests.passed} passed${r.tests.failed ? `, ${r.tests.failed} failed` : ''}${r.tests.skipped ? `, ${r.tests.skipped} skipped` : ''}`
    : '';
  console.log(
    `  ${r.name.padEnd(width)}  ${r.seconds.toFixed(0).padStart(5)} s  ${r.ok ? 'ok    ' : 'FAILED'}${tests}`,
  );
}
for (const skipped of stages.slice(results.length)) console.log(`  ${skipped.name.padEnd(width)}      –    not run`);
const total = results.reduce((sum, r) => sum + r.seconds, 0);
console.log(`  ${'total'.padEnd(width)}  ${total.toFixed(0).padStart(5)} s`);
if (!postgres) console.log('  (TEST_DATABASE_URL unset: nothing ran on PostgreSQL)');
process.exit(results.every((r) => r.ok) && results.length === stages.length ? 0 : 1);
