// Control characters (C0 such as NUL, tab, CR and LF; DEL; C1) that no value a visitor sends needs
// (issue 9, docs/decisions/0402): PostgreSQL cannot store NUL at all, so one would fail the write it is
// in, and a spreadsheet skips some of them before deciding whether a cell is a formula.

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS_BUT_LAYOUT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

export const stripControlCharacters = (text: string) => text.replace(CONTROL_CHARACTERS, '');

/** The same, keeping tabs and line breaks: a message's layout is its writer's. */
export const stripControlCharactersButLayout = (text: string) =>
  text.replace(CONTROL_CHARACTERS_BUT_LAYOUT, '');
