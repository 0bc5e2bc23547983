import { CsvError, parse } from 'csv-parse/sync';
import {
  type CatalogueProblem,
  type CatalogueProduct,
  type CatalogueRecord,
  readCatalogueRows,
} from '../domain/catalogue-import';

/** Parses the operators' CSV (RFC 4180: quoted fields may hold commas, quotes and line breaks) and checks its rows. */
export function readCatalogueCsv(text: string): { products: CatalogueProduct[]; problems: CatalogueProblem[] } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // One kind of line break: csv-parse miscounts lines when CRLF rows hold quoted line breaks.
    records = parse(text.replace(/\r\n?/g, '\n'), {
      skip_empty_lines: true,
      bom: true,
      relax_column_count: false,
      info: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError)
      return {
        products: [],
        problems: [{ line: Number(error.lines ?? 1), message: `not valid CSV: ${error.message}` }],
      };
    throw error;
  }
  // `info.lines` is the line a record ends on (blank lines and quoted line breaks counted); operators look for the
  // line it starts on, so the line breaks inside its fields come off.
  const numbered = records.map(({ record, info }) => ({
    cells: record,
    line: info.lines - record.reduce((breaks, cell) => breaks + (cell.match(/\n/g)?.length ?? 0), 0),
  }));
  const [header = { cells: [], line: 1 }, ...body] = numbered;
  const names = header.cells.map((h) => h.trim().toLowerCase());
  const rows: CatalogueRecord[] = body.map(({ cells, line }) => ({
    line,
    cells: Object.fromEntries(names.map((name, i) => [name, cells[i] ?? ''])),
  }));
  return readCatalogueRows(names, rows, header.line);
}
