import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The message catalogues (lingui.config.ts, app/locales/*/messages.po) against the code: every text the code
// asks for is in every catalogue (Chinese ones translated; NZ and US English fall back to Australian), and no
// catalogue keeps a text that no code uses any more.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const lingui = path.join(root, 'node_modules/.bin/lingui');

async function check(...args: string[]) {
  try {
    const { stdout } = await run(lingui, ['check', ...args, '--verbose', '--workers', '1'], { cwd: root });
    return { ok: true, output: stdout };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe('message catalogues', () => {
  it('hold every text the code uses, and none it does not (run `npm run i18n:extract` after changing texts)', async () => {
    const result = await check('sync', '--clean');
    expect(result.ok, result.output).toBe(true);
  });

  it('have a translation of every text for every locale', async () => {
    const result = await check('missing');
    expect(result.ok, result.output).toBe(true);
  });
});
