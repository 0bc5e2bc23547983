import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The documents a newcomer reads keep one form: every decision record opens with the same header, and the code's
// comments name decision records or reasons, never the issues that asked for the work (an issue is history).

const root = path.resolve(import.meta.dirname, '../..');
const DECISIONS = path.join(root, 'docs/decisions');

describe('decision records', () => {
  const files = readdirSync(DECISIONS)
    .filter((name) => name.endsWith('.md'))
    .sort();

  it('are numbered 001, 002, … without gaps or repeats', () => {
    expect(files.map((name) => name.slice(0, 4))).toEqual(files.map((_, i) => `${String(i + 1).padStart(3, '0')}-`));
  });

  it.each(files)('%s opens with "# NNN — Title", then "Date: YYYY-MM-DD · Status: …"', (name) => {
    const [title, blank, header] = readFileSync(path.join(DECISIONS, name), 'utf8').split('\n');
    expect(title).toMatch(new RegExp(`^# ${name.slice(0, 3)} — \\S`));
    expect(blank).toBe('');
    // A later record that changes part of an earlier one says so on both: "Amends NNN" and "Amended by NNN".
    expect(header).toMatch(
      /^Date: \d{4}-\d{2}-\d{2} · Status: (accepted|superseded by \d{3}|proposed)( · (Amends|Amended by) \d{3}(, \d{3})*)*$/,
    );
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|css)$/.test(name) ? [full] : [];
  });
}

describe('code comments', () => {
  it('point at decision records, not issue numbers', () => {
    const folders = ['app', 'bench', 'db', 'domain', 'server', 'services', 'tests'];
    const found = folders
      .flatMap((folder) => sourceFiles(path.join(root, folder)))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${path.relative(root, file)}:${i + 1}` }))
          .filter(({ line }) => /\bissues? #?\d+\b/i.test(line) && /\/\/|\/\*|^\s*\*/.test(line)),
      )
      .map(({ at }) => at);
    expect(found).toEqual([]);
  });
});
