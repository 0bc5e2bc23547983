import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// `npm test`: every test, each once where the database under it does not matter. Lint, types, unit tests and the
// build run once; the API tests and the browser tests run on PGlite; with TEST_DATABASE_URL the API tests run again
// on PostgreSQL, and the browser tests tagged @db (those that change data or depend on what the database does)
// too. Lint, types and the build run side by side, as one group: each alone left part of the two cores idle. A group
// starts once the one before it has passed. Stops after the first group with a failed stage, then prints every
// stage's time and test count.

interface Stage {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** Where the stage's runner writes its JSON report, for the count of tests run. */
  report?: { kind: 'vitest' | 'playwright'; file: string };
}

interface Result {
  name: string;
  /** The group's number, from 1. */
  group: number;
  seconds: number;
  ok: boolean;
  tests?: { passed: number; failed: number; skipped: number };
}

const postgres = process.env.TEST_DATABASE_URL ?? '';
const reports = mkdtempSync(path.join(os.tmpdir(), 'sf-test-reports-'));
// The seeded demo database is made once per database and copied by the stages after it (seeded-template.ts).
const templates = mkdtempSync(path.join(os.tmpdir(), 'sf-test-templates-'));
const shared = { SF_TEST_TEMPLATES: templates };
const pglite = { ...shared, TEST_DATABASE_URL: '' };
const onPostgres = { ...shared, TEST_DATABASE_URL: postgres };

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

const groups: Stage[][] = [
  [
    { name: 'lint', command: ['npm', 'run', 'lint'] },
    { name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
    { name: 'build', command: ['npm', 'run', 'build'] },
  ],
  [vitest('unit tests', 'unit', pglite)],
  [vitest('API tests, PGlite', 'api', pglite)],
  [playwright('browser tests, PGlite (all)', pglite)],
  ...(postgres
    ? [
        [vitest('API tests, PostgreSQL', 'api', onPostgres)],
        [playwright('browser tests, PostgreSQL (@db)', { ...onPostgres, E2E_AXE: 'off' }, '@db')],
      ]
    : []),
];
const stages = groups.flat();

/**
 * Runs a stage. Its output goes straight through (`live`), or is kept and printed whole once it ends, so that the
 * stages of a group do not interleave their lines.
 */
function run(stage: Stage, live: boolean): Promise<boolean> {
  const [command = '', ...args] = stage.command;
  const header = `\n--- ${stage.name}: ${stage.command.join(' ')}`;
  if (live) console.log(header);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...stage.env },
    });
    const kept: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => kept.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => kept.push(chunk));
    // NOTE: a command that cannot start emits 'error' and may then emit 'close' too.
    let ended = false;
    const done = (ok: boolean) => {
      if (ended) return;
      ended = true;
      if (!live) process.stdout.write(`${header}\n${Buffer.concat(kept).toString()}`);
      resolve(ok);
    };
    child.on('close', (code) => done(code === 0));
    child.on('error', () => done(false));
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

// Interrupted, the run still removes its templates (the stages stop on the same signal).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void import('./support/seeded-template')
      .then((m) => m.removeSharedTemplates(templates, postgres || undefined))
      .finally(() => process.exit(1));
  });
}

const results: Result[] = [];
const started = performance.now();
for (const [g, group] of groups.entries()) {
  const ran = await Promise.all(
    group.map(async (stage, i): Promise<Result> => {
      const began = performance.now();
      const ok = await run(stage, i === 0);
      return {
        name: stage.name,
        group: g + 1,
        seconds: (performance.now() - began) / 1000,
        ok,
        tests: stage.report ? countTests(stage.report) : undefined,
      };
    }),
  );
  results.push(...ran);
  if (!ran.every((r) => r.ok)) break;
}
const total = (performance.now() - started) / 1000;
rmSync(reports, { recursive: true, force: true });
await (await import('./support/seeded-template')).removeSharedTemplates(templates, postgres || undefined);

const width = Math.max(...stages.map((s) => s.name.length));
console.log('\nnpm test, stage by stage (the stages of a group ran at the same time):');
for (const r of results) {
  const tests = r.tests
    ? `  ${r.tests.passed} passed${r.tests.failed ? `, ${r.tests.failed} failed` : ''}${r.tests.skipped ? `, ${r.tests.skipped} skipped` : ''}`
    : '';
  console.log(
    `  ${r.group} ${r.name.padEnd(width)}  ${r.seconds.toFixed(0).padStart(5)} s  ${r.ok ? 'ok    ' : 'FAILED'}${tests}`,
  );
}
for (const skipped of stages.slice(results.length)) console.log(`    ${skipped.name.padEnd(width)}      –    not run`);
console.log(`    ${'total'.padEnd(width)}  ${total.toFixed(0).padStart(5)} s`);
if (!postgres) console.log('  (TEST_DATABASE_URL unset: nothing ran on PostgreSQL)');
process.exit(results.every((r) => r.ok) && results.length === stages.length ? 0 : 1);
