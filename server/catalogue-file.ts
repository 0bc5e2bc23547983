import { CsvError, parse } from 'csv-parse/sync';
import { type CatalogueProblem, type CatalogueProduct, readCatalogueRows } from '../domain/catalogue-import';

/** Parses the operators' CSV (RFC 4180: quoted fields may hold commas, quotes and line breaks) and checks its rows. */
export function readCatalogueCsv(text: string): { products: CatalogueProduct[]; problems: CatalogueProblem[] } {
  let records: string[][];
  try {
    records = parse(text, { skip_empty_lines: true, bom: true, relax_column_count: false }) as string[][];
  } catch (error) {
    if (error instanceof CsvError)
      return {
        products: [],
        problems: [{ line: Number(error.lines ?? 1), message: `not valid CSV: ${error.message}` }],
      };
    throw error;
  }
  const [header = [], ...body] = records;
  const names = header.map((h) => h.trim().toLowerCase());
  const rows = body.map((cells) => Object.fromEntries(names.map((name, i) => [name, cells[i] ?? ''])));
  return readCatalogueRows(names, rows);
}
