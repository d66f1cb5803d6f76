/**
 * CSV as RFC 4180 writes it (CRLF line ends; a field with a comma, quote, CR or LF is quoted, quotes doubled),
 * safe to open in a spreadsheet: a text cell that starts with `=`, `+`, `-`, `@`, a tab or a CR would be read as
 * a formula (CSV injection), so it gets a leading `'`, which spreadsheets show as text and hide.
 */

/** What may start a formula in Excel, LibreOffice or Google Sheets. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** Where a file that Excel should read as UTF-8 begins (without it, Excel reads 'Māori' as 'MÄori'). */
export const UTF8_BOM = '\uFEFF';

/**
 * One field. Text is guarded against formulas and quoted as needed; a number is written as JavaScript writes it
 * (digits, a sign and a point cannot start a formula); null and undefined are empty.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated. */
export const csvRow = (cells: readonly (string | number | null | undefined)[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** The bytes a piece of text adds to a Lambda response: the body travels JSON-encoded, so quotes and line ends count twice. */
export const responseBytes = (text: string): number => Buffer.byteLength(JSON.stringify(text), 'utf8') - 2;

/**
 * A CSV body built row by row under a size budget: `add` refuses a row that would take the body past `maxBytes`
 * (measured as the Lambda response carries it), so the caller can stop reading and say the file was cut.
 */
export class CsvBody {
  private readonly parts: string[] = [];
  private size = 0;

  constructor(
    private readonly maxBytes: number,
    prefix = '',
  ) {
    this.parts.push(prefix);
    this.size = responseBytes(prefix);
  }

  get bytes(): number {
    return this.size;
  }

  /** Adds a record if it fits; false (and nothing added) when it would pass the budget. */
  add(cells: readonly (string | number | null | undefined)[]): boolean {
    const row = csvRow(cells);
    const bytes = responseBytes(row);
    if (this.size + bytes > this.maxBytes) return false;
    this.parts.push(row);
    this.size += bytes;
    return true;
  }

  /** Adds a record whatever the budget (the closing note; the budget leaves room for it). */
  append(cells: readonly (string | number | null | undefined)[]): void {
    const row = csvRow(cells);
    this.parts.push(row);
    this.size += responseBytes(row);
  }

  toString(): string {
    return this.parts.join('');
  }
}
