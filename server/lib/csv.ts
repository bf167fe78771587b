/**
 * CSV (RFC 4180) lines. A cell that a spreadsheet would run as a formula (=, +, -, @, tab or carriage return
 * first) is written with a leading apostrophe (OWASP, "CSV Injection"); numbers stay numbers.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (values: readonly (string | number | null | undefined)[]) =>
  `${values.map(csvCell).join(',')}\r\n`;
