// Control characters (C0 such as NUL, tab, CR and LF; DEL; C1) that no value a visitor sends needs
// (issue 9, docs/decisions/0402): PostgreSQL cannot store NUL at all, so one would fail the write it is
// in, and a spreadsheet skips some of them before deciding whether a cell is a formula. Lone UTF-16
// surrogates cannot be encoded as UTF-8 at all; each becomes U+FFFD, as a browser would show it.

const isControl = (code: number) => code <= 0x1f || (code >= 0x7f && code <= 0x9f);
const escaped = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;

/**
 * The control characters — C0, DEL and C1 (U+0080–U+009F) — but those in `kept` (say '\n'), as the
 * inside of a regular expression's character class: `[${controlRanges()}]` matches one, `[^…]` none.
 * Every check and clean of control characters is built on it, so they all count the same ones.
 */
export function controlRanges(kept = ''): string {
  const ranges: string[] = [];
  let start = -1;
  for (let code = 0; code <= 0xa0; code += 1) {
    const counted = isControl(code) && !kept.includes(String.fromCharCode(code));
    if (counted && start < 0) start = code;
    if (counted || start < 0) continue;
    const last = code - 1;
    ranges.push(
      last - start < 2
        ? escaped(start) + (last > start ? escaped(last) : '')
        : `${escaped(start)}-${escaped(last)}`,
    );
    start = -1;
  }
  return ranges.join('');
}

/** What a writer's layout is made of: tab, line feed, carriage return. */
const LAYOUT = '\t\n\r';
const CONTROL_CHARACTERS = new RegExp(`[${controlRanges()}]`, 'g');
const CONTROL_CHARACTERS_BUT_LAYOUT = new RegExp(`[${controlRanges(LAYOUT)}]`, 'g');
const CONTROL_RUNS = new RegExp(`[${controlRanges()}]+`, 'g');
const ANY_CONTROL_OR_SURROGATE = new RegExp(`[${controlRanges()}\\ud800-\\udfff]`);
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export const stripControlCharacters = (text: string) => text.replace(CONTROL_CHARACTERS, '');

/**
 * A character that is neither whitespace nor a control character: text has one exactly when it is
 * not empty after the control characters are stripped and the rest is trimmed. The white space is
 * spelled out (JavaScript's `\s`, what `trim()` removes) because other languages' `\s` differ, and
 * the OpenAPI document hands this pattern to testers written in them.
 */
export const VISIBLE_CHARACTER =
  // eslint-disable-next-line no-control-regex
  /[^ \u0000-\u001f\u007f-\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/**
 * Each run of control characters as one space: text for one line of a mail header or a log, where a
 * line break or escape must not arrive and the words either side must stay apart.
 */
export const flattenControlCharacters = (text: string) => text.replace(CONTROL_RUNS, ' ');

/** The same, keeping tabs and line breaks: a message's layout is its writer's. */
export const stripControlCharactersButLayout = (text: string) =>
  text.replace(CONTROL_CHARACTERS_BUT_LAYOUT, '');

// Line breaks and tabs of every kind: in a title each run of them stands for a space.
const LINE_BREAKS_AND_TABS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;

/**
 * A single-line title (an event's name, a place): each run of line breaks and tabs becomes one
 * space, as a pasted "Summer\nFestival" reads, the other control characters go, and the ends are
 * trimmed. A title is shown in one line everywhere — a calendar entry's summary, a mail subject, a list.
 */
export const singleLine = (text: string) =>
  stripControlCharacters(text.replace(LINE_BREAKS_AND_TABS, ' ')).trim();

/**
 * Text with at least `count` characters a request body keeps when it is cleaned (`storableText(text,
 * true)`): a minimum length counted after cleaning, as a pattern the OpenAPI document can carry.
 */
export function keepsAtLeast(count: number): RegExp {
  const removed = CONTROL_CHARACTERS_BUT_LAYOUT.source;
  return new RegExp(`^(?:${removed}*[^${removed.slice(1, -1)}]){${count}}`);
}

/**
 * Text any database stores as sent: control characters removed (tabs and line breaks kept when
 * `keepLayout`), lone surrogates replaced by U+FFFD. Clean text — nearly all of it — is returned as is
 * after one scan.
 */
export function storableText(text: string, keepLayout = false): string {
  if (!ANY_CONTROL_OR_SURROGATE.test(text)) return text;
  const stripped = keepLayout ? stripControlCharactersButLayout(text) : stripControlCharacters(text);
  return stripped.replace(LONE_SURROGATE, '\ufffd');
}
