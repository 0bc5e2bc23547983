import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// `npm test`: every test, each once where the database under it does not matter. Lint, types, unit tests and the
// build run once; the API tests and the browser tests run on PGlite; with TEST_DATABASE_URL the API tests run again
// on PostgreSQL, and the browser tests tagged @db (those that change data or depend on what the database does)
// too. The stages run in two lanes at once: the build and the browser tests at normal priority, and the stages that
// need no build at the lowest (nice 19), on the CPU time the browser tests leave idle (docs/ci.md). A lane stops at
// its first failing stage; at the end every stage's time and test count is printed.

interface Stage {
  name: string;
  command: string[];
  /**
   * `browser`: the build and the browser tests, output as it comes. `idle`: the rest, at the lowest CPU priority,
   * its output printed whole when the stage ends.
   */
  lane: 'browser' | 'idle';
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
    lane: 'idle',
    command: [
      'vitest',
      'run',
      '--project',
      project,
      // Its limit is a guard against a hang: at the lowest priority beside the browser tests a test may wait its turn.
      '--testTimeout=180000',
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
    lane: 'browser',
    command: ['playwright', 'test', '--reporter=list,json', ...(grep ? ['--grep', grep] : [])],
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_FILE: file },
    report: { kind: 'playwright', file },
  };
}

const stages: Stage[] = [
  { name: 'lint', lane: 'idle', command: ['npm', 'run', 'lint'] },
  { name: 'typecheck', lane: 'idle', command: ['npm', 'run', 'typecheck'] },
  vitest('unit tests', 'unit', pglite),
  { name: 'build', lane: 'browser', command: ['npm', 'run', 'build'] },
  vitest('API tests, PGlite', 'api', pglite),
  playwright('browser tests, PGlite (all)', pglite),
  ...(postgres
    ? [
        vitest('API tests, PostgreSQL', 'api', onPostgres),
        playwright('browser tests, PostgreSQL (@db)', { ...onPostgres, E2E_AXE: 'off' }, '@db'),
      ]
    : []),
];

/** Runs a stage: the browser lane's output as it comes, the idle lane's whole when the stage ends (no interleaving). */
function run(stage: Stage): Promise<boolean> {
  const [command = '', ...args] = stage.command;
  const live = stage.lane === 'browser';
  if (live) console.log(`\n--- ${stage.name}: ${stage.command.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...stage.env },
    });
    // The processes it starts (Vitest's workers, the compilers' threads) inherit the priority.
    if (!live && child.pid) os.setPriority(child.pid, os.constants.priority.PRIORITY_LOW);
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    const done = (ok: boolean) => {
      if (!live) {
        console.log(`\n--- ${stage.name}: ${stage.command.join(' ')} (${ok ? 'done' : 'FAILED'}; its whole output)`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(ok);
    };
    child.on('close', (code) => done(code === 0));
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      done(false);
    });
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

const results = new Map<Stage, Result>();
async function runLane(lane: Stage['lane']) {
  for (const stage of stages.filter((s) => s.lane === lane)) {
    const started = performance.now();
    const ok = await run(stage);
    results.set(stage, {
      name: stage.name,
      seconds: (performance.now() - started) / 1000,
      ok,
      tests: stage.report ? countTests(stage.report) : undefined,
    });
    if (!ok) return;
  }
}
const started = performance.now();
await Promise.all([runLane('browser'), runLane('idle')]);
const wall = (performance.now() - started) / 1000;
rmSync(reports, { recursive: true, force: true });

const width = Math.max(...stages.map((s) => s.name.length));
console.log(
  '\nnpm test, stage by stage (two lanes at once: the build and the browser tests; the rest at low priority):',
);
for (const stage of stages) {
  const r = results.get(stage);
  if (!r) {
    console.log(`  ${stage.name.padEnd(width)}      –    not run`);
    continue;
  }
  const tests = r.tests
    ? `  ${r.tests.passed} passed${r.tests.failed ? `, ${r.tests.failed} failed` : ''}${r.tests.skipped ? `, ${r.tests.skipped} skipped` : ''}`
    : '';
  console.log(
    `  ${r.name.padEnd(width)}  ${r.seconds.toFixed(0).padStart(5)} s  ${r.ok ? 'ok    ' : 'FAILED'}${tests}`,
  );
}
console.log(`  ${'total (wall clock)'.padEnd(width)}  ${wall.toFixed(0).padStart(5)} s`);
if (!postgres) console.log('  (TEST_DATABASE_URL unset: nothing ran on PostgreSQL)');
process.exit(stages.every((stage) => results.get(stage)?.ok) ? 0 : 1);
