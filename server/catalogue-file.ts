import { CsvError, parse } from 'csv-parse/sync';
import {
  type CatalogueProblem,
  type CatalogueProduct,
  type CatalogueRecord,
  readCatalogueRows,
} from '../domain/catalogue-import';
import { ServiceError } from '../services/platform/service-error';
import { PRICE_FILE_MAX_BYTES, PRODUCT_ERRORS } from '../domain/staff-products';
import type { PriceFile } from '../services/staff/products';

/** A CSV file's header (trimmed, lower case) and rows, each with the file line it starts on; or why it is not CSV. */
export function readCsvRecords(
  text: string,
): { header: string[]; headerLine: number; rows: CatalogueRecord[] } | { problems: CatalogueProblem[] } {
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
      return { problems: [{ line: Number(error.lines ?? 1), message: `not valid CSV: ${error.message}` }] };
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
  return { header: names, headerLine: header.line, rows };
}

/** Parses the operators' CSV (RFC 4180: quoted fields may hold commas, quotes and line breaks) and checks its rows. */
export function readCatalogueCsv(text: string): { products: CatalogueProduct[]; problems: CatalogueProblem[] } {
  const read = readCsvRecords(text);
  if ('problems' in read) return { products: [], problems: read.problems };
  return readCatalogueRows(read.header, read.rows, read.headerLine);
}

/** The uploaded price file's rows, or a refusal naming the file field. */
export async function priceFileOf(file: unknown): Promise<PriceFile> {
  if (!(file instanceof Blob) || file.size === 0)
    throw new ServiceError({ ...PRODUCT_ERRORS.file }, 'Choose a CSV file of prices to upload.');
  if (file.size > PRICE_FILE_MAX_BYTES) throw new ServiceError(PRODUCT_ERRORS.fileTooLarge);
  return priceFileFromText(await file.text());
}

export function priceFileFromText(text: string): PriceFile {
  if (Buffer.byteLength(text) > PRICE_FILE_MAX_BYTES) throw new ServiceError(PRODUCT_ERRORS.fileTooLarge);
  const read = readCsvRecords(text);
  if ('problems' in read)
    throw new ServiceError({ ...PRODUCT_ERRORS.file }, `Line ${read.problems[0]?.line}: ${read.problems[0]?.message}`);
  return read;
}
