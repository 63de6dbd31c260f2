/**
 * A small RFC 4180 reader and writer: quoted fields with commas, line breaks and doubled quotes inside, CRLF or LF
 * line ends, a leading byte-order mark. Enough for the extensions import/export; no streaming.
 */

const BOM = '\uFEFF';

/** Reads CSV text into rows of fields. Blank lines are skipped; a missing final line break is fine. */
export function parseCsv(text: string): string[][] {
  const src = text.startsWith(BOM) ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    field = '';
  };
  while (i < src.length) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else field += c;
      i++;
      continue;
    }
    if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      endRow();
      if (c === '\r' && src[i + 1] === '\n') i++;
    } else field += c;
    i++;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

function quote(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab or carriage return before one) as a formula
 * (`=HYPERLINK(...)`, `=cmd|...`): CSV formula injection. Exports write such a value with one leading ' (the
 * spreadsheet's text marker), and so also a value that already starts with 's before one of those characters;
 * imports take exactly that one ' off again, so an export re-imports unchanged (`+15550100` stays `+15550100`).
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const ESCAPED_FORMULA = /^'+[=+\-@\t\r]/;

export function escapeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function unescapeFormula(value: string): string {
  return ESCAPED_FORMULA.test(value) ? value.slice(1) : value;
}

/** Writes rows as CSV with CRLF line ends; fields are quoted only when they need it. */
export function toCsv(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  return [headers, ...rows].map((r) => r.map(quote).join(',')).join('\r\n') + '\r\n';
}

/** Rows keyed by the header line; null when the header is not exactly `expected` (same names, same order). */
export function readTable<H extends string>(text: string, expected: readonly H[]): Record<H, string>[] | null {
  const [header, ...body] = parseCsv(text);
  if (!header || header.length !== expected.length || header.some((h, i) => h.trim() !== expected[i])) return null;
  return body.map(
    (cells) => Object.fromEntries(expected.map((h, i) => [h, (cells[i] ?? '').trim()])) as Record<H, string>,
  );
}

/** Offers text as a file download (a BOM first, so spreadsheet programs read UTF-8). */
export function downloadCsv(filename: string, csv: string): void {
  downloadText(filename, BOM + csv, 'text/csv;charset=utf-8');
}

/** Offers text as a file download of the given type. */
export function downloadText(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
