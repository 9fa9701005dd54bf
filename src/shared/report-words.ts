// The words the reports share (issue 28, docs/decisions/0442), so the Analytics screen, its CSV files
// and the weekly e-mail say the same thing the same way.

/** A section as the page names it ('why-choose', 'game_modes') read as words: 'Why choose'. */
export function sectionName(code: string): string {
  const words = code.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : code;
}

/** '1 visitor', '2,000 visitors': a count as the screen prints it, with its noun agreeing. */
export const counted = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;
