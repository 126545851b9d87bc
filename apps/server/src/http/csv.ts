/**
 * CSV as spreadsheets read it (RFC 4180, CRLF line ends). A text cell that a spreadsheet
 * would run as a formula (starting with =, +, -, @, tab or carriage return) is prefixed with
 * an apostrophe; numbers are written as they are.
 */
export function toCsv(lines: readonly (readonly (string | number)[])[]): string {
  return lines.map(csvLine).join('');
}

/** One CSV line with its line end, for answers streamed a line at a time. */
export function csvLine(line: readonly (string | number)[]): string {
  return `${line.map(cell).join(',')}\r\n`;
}

function cell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
