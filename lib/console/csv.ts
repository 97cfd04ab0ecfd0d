import { stringify } from "csv-stringify/sync";

export type CsvValue = string | number | boolean | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

/**
 * A spreadsheet program runs a cell that starts with one of these as a formula; visitor names and
 * metadata come from outside, so such text is prefixed with a quote (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  return FORMULA_START.test(value) ? `'${value}` : value;
}

const stringifyRecords = (records: string[][]) => (records.length ? stringify(records, { record_delimiter: "\r\n" }) : "");

/** The header line of a CSV (for an export streamed in batches). */
export function csvHeader<Row>(columns: ReadonlyArray<CsvColumn<Row>>): string {
  return stringifyRecords([columns.map((column) => column.header)]);
}

/** Data lines only, one per item (for an export streamed in batches). */
export function csvRecords<Row>(columns: ReadonlyArray<CsvColumn<Row>>, rows: ReadonlyArray<Row>): string {
  return stringifyRecords(rows.map((row) => columns.map((column) => cell(column.value(row)))));
}

/** The one CSV builder of the console: a header row, then one row per item, RFC 4180 quoting, CRLF. */
export function toCsv<Row>(columns: ReadonlyArray<CsvColumn<Row>>, rows: ReadonlyArray<Row>): string {
  return csvHeader(columns) + csvRecords(columns, rows);
}

/** A download: `text/csv` with an attachment file name, never cached. */
export function csvResponse(filename: string, csv: string): Response {
  const safeName = filename.replace(/[^A-Za-z0-9._-]+/g, "-");
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${safeName}"`,
      "cache-control": "no-store",
    },
  });
}
