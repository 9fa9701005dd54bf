// CSV for the admin's exports (analytics events, enquiries): RFC 4180 cells, defused so a spreadsheet
// never runs a visitor-supplied value as a formula.
import { stripControlCharacters, stripControlCharactersButLayout } from '#shared/control-characters.ts';

/**
 * One CSV cell. Control characters go first (rows stored before intake removed them may still hold
 * some): a spreadsheet skips some of them, so `\0=cmd` would run as `=cmd`. `keepLayout` keeps tabs
 * and line breaks (an enquiry's message), inside a quoted cell; a formula sign after leading
 * whitespace is defused too.
 */
export function csvCell(value: string | number | null, keepLayout = false): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  let text = keepLayout ? stripControlCharactersButLayout(value) : stripControlCharacters(value);
  if (/^\s*[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: (string | number | null)[], keepLayout = false) =>
  `${cells.map((cell) => csvCell(cell, keepLayout)).join(',')}\r\n`;
