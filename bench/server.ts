import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/** The kernel's clock ticks per second, the unit of /proc's CPU times (100 on Linux as it is built here). */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * The CPU time (user and system, all threads, in ms) the server process has used so far, read from /proc, or
 * null where there is no /proc. A run's CPU time per request moves less with a shared machine's speed than its
 * requests per second, which also count the load generator and the database on the same cores.
 */
export function serverCpuMillis(server: ChildProcess): number | null {
  return server.pid === undefined ? null : (processCpuMillis(server.pid)?.millis ?? null);
}

/** A process's CPU time (user and system, in ms) from its /proc stat line, or null when it is gone. */
function processCpuMillis(pid: number | string): { name: string; millis: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    // After "pid (name) ", utime and stime are the 12th and 13th fields.
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    return { name, millis: ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS };
  } catch {
    return null;
  }
}

/**
 * The CPU time of every PostgreSQL process on this machine so far, by process id (empty where there is no /proc, or
 * the database runs elsewhere). `databaseCpuSince` gives what they used after such a reading: a backend started
 * meanwhile counts whole, one that ended meanwhile is lost.
 */
export function databaseCpu(): Map<string, number> {
  const byPid = new Map<string, number>();
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return byPid;
  }
  for (const pid of pids) {
    const cpu = processCpuMillis(pid);
    if (cpu?.name === 'postgres') byPid.set(pid, cpu.millis);
  }
  return byPid;
}

/** The PostgreSQL processes' CPU time (ms) since the reading `before`, or null when none could be read. */
export function databaseCpuSince(before: Map<string, number>): number | null {
  const now = databaseCpu();
  if (!now.size) return null;
  let total = 0;
  for (const [pid, millis] of now) total += millis - (before.get(pid) ?? 0);
  return total;
}

let sink: Promise<string> | undefined;

/**
 * BENCH_TRACES=0.1: the server traces that share of requests (server/traces.ts) and exports them to a stand-in
 * collector in this process, which reads each batch and keeps nothing: the figures hold what tracing and exporting
 * cost the server, not a collector's own work. Answers its OTLP endpoint.
 */
function traceSink(): Promise<string> {
  sink ??= new Promise((resolve, reject) => {
    const collector = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    });
    collector.once('error', reject);
    collector.listen(0, '127.0.0.1', () => {
      const address = collector.address();
      collector.unref();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    });
  });
  return sink;
}

/**
 * Starts the production build on a fresh database (tests/support/fresh-server.ts) and waits until ready.
 * `countStatements`: the server counts the SQL statements it sends, for `serverStatementCount`.
 */
export async function startServer(port: number, options: { countStatements?: boolean } = {}): Promise<ChildProcess> {
  if (!existsSync('build/server/index.js')) throw new Error('Run "npm run build" first.');
  // A server left running on the port (an earlier run stopped by force) would answer the readiness check below,
  // and the figures would be that server's.
  const taken = await fetch(`http://127.0.0.1:${port}/readyz`).then(
    () => true,
    () => false,
  );
  if (taken)
    throw new Error(`Port ${port} is in use (a server left from an earlier run?): stop it, or set BENCH_PORT.`);
  // NOTE: the read limit (searches per client address and minute) would answer most of a search run with 429.
  const env: NodeJS.ProcessEnv = {
    READ_RATE_LIMIT: '100000',
    // Logins cost what they cost in production (the test server hashes cheaply unless told).
    PASSWORD_HASH_COST: '17',
    // The checkout bench sends each order from an address of its own (X-Forwarded-For).
    TRUST_PROXY: 'true',
    // Emails are logged, not sent to the browser tests' SMTP stub.
    E2E_MAILBOX: 'off',
    ...process.env,
    E2E_PORT: String(port),
    E2E_LOG_LEVEL: 'warn',
  };
  if (process.env.DATABASE_URL) env.TEST_DATABASE_URL = process.env.DATABASE_URL;
  if (options.countStatements) env.E2E_COUNT_STATEMENTS = 'on';
  if (process.env.BENCH_TRACES) {
    env.OTEL_EXPORTER_OTLP_ENDPOINT = await traceSink();
    env.OTEL_TRACES_SAMPLER = 'parentbased_traceidratio';
    env.OTEL_TRACES_SAMPLER_ARG = process.env.BENCH_TRACES;
  }
  // NOTE: the Node flags of `npm start` (package.json): a young generation sized for page rendering.
  const child = spawn(
    process.execPath,
    [
      '--max-semi-space-size=64',
      // BENCH_SERVER_FLAGS: more Node flags for the server alone, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
      ...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      'tests/support/fresh-server.ts',
    ],
    {
      env,
      stdio: ['ignore', 'inherit', 'inherit', ...(options.countStatements ? (['ipc'] as const) : [])],
    },
  );
  // The server stops with the bench, also when the bench fails (its output closed early, say).
  process.once('exit', () => child.kill('SIGTERM'));
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/readyz`);
        if (res.ok) return resolve(child);
      } catch {}
      if (Date.now() - started > 120_000 || child.exitCode !== null) return reject(new Error('server did not start'));
      setTimeout(poll, 250);
    };
    void poll();
  });
}

/** The SQL statements the server has sent so far (a server started with `countStatements`). */
export function serverStatementCount(server: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      server.off('message', answer);
      reject(new Error('the server did not say how many statements it sent'));
    }, 5_000);
    const answer = (message: unknown) => {
      const count = (message as { statementCount?: unknown } | null)?.statementCount;
      if (typeof count !== 'number') return;
      clearTimeout(timer);
      server.off('message', answer);
      resolve(count);
    };
    server.on('message', answer);
    server.send('statement-count');
  });
}
