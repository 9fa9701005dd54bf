// The one results table, as Markdown (it goes into docs/performance.md as printed): a row per figure, a
// column per database, each cell the figure with its reference and whether it meets the goal.

export interface Cell {
  text: string;
  /** Whether the goal is met; undefined for a figure without a goal. */
  met?: boolean;
}

export interface Row {
  measure: string;
  goal: string;
  cells: (Cell | undefined)[];
}

const mark = (cell: Cell) => (cell.met === undefined ? '' : cell.met ? '✓ ' : '✗ ');

export function renderTable(columns: string[], rows: Row[], missing = 'not run'): string {
  const header = ['Measure', 'Goal', ...columns];
  const body = rows.map((row) => [
    row.measure,
    row.goal,
    ...columns.map((_, i) => {
      const cell = row.cells[i];
      return cell ? `${mark(cell)}${cell.text}` : missing;
    }),
  ]);
  const widths = header.map((_, i) => Math.max(...[header, ...body].map((line) => [...line[i]!].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell + ' '.repeat(widths[i]! - [...cell].length)).join(' | ')} |`;
  return [line(header), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...body.map(line)].join('\n');
}

export const thousands = (value: number) => Math.round(value).toLocaleString('en-GB');
export const milliseconds = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
