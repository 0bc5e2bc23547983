import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Money is integer cents everywhere but at the edges (decision 003): the JSON API's two-decimal amounts are made
// and read by domain/money.ts's centsToAmount / amountToCents / formatAmount, and nothing else divides or
// multiplies money by 100. The cart's use cases compute on the cart in cents, never on its JSON.

const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const code = ['app', 'domain', 'http', 'server', 'services'].flatMap((folder) =>
  sourceFiles(path.join(root, folder)).map((file) => ({
    file: path.relative(root, file),
    lines: readFileSync(file, 'utf8').split('\n'),
  })),
);

/** Where a line matches: "file:line". */
function whereMatches(pattern: RegExp, files = code): string[] {
  return files.flatMap(({ file, lines }) =>
    lines.flatMap((line, i) => (pattern.test(line) && !/^\s*(\/\/|\*)/.test(line) ? [`${file}:${i + 1}`] : [])),
  );
}

describe('money at the edges', () => {
  it('is converted between cents and amounts only in domain/money.ts', () => {
    // A cents value divided by 100, or an amount multiplied by 100 (percentages aside).
    const conversion = /(Cents\)?\s*\/\s*100\b)|(\bamount\w*\)?\s*\*\s*100\b)|(\*\s*100\)\s*\/\s*100\b)/i;
    expect(whereMatches(conversion).filter((at) => !at.startsWith('domain/money.ts:'))).toEqual([]);
  });

  it("is never read back from the cart's JSON by the services", () => {
    const services = code.filter(({ file }) => file.startsWith('services/') && file !== 'services/cart/cart-json.ts');
    // The cart JSON's shapes: its line list, its price blocks, and its e-gift details.
    expect(whereMatches(/\.(lineItems|orderPriceInfo|itemPriceInfo|giftVoucherDetails)\b/, services)).toEqual([]);
  });

  it('is formatted from the JSON API by one function in the pages', () => {
    const pages = code.filter(({ file }) => file.startsWith('app/'));
    expect(whereMatches(/formatMoney\(\s*amountToCents\(/, pages)).toEqual([]);
  });
});
