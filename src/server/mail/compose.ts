// Builds the plain-text and HTML bodies of a message from the same paragraphs, so the two never
// drift apart. Every value is escaped for HTML; links are shown in full in both bodies so a reader
// can check where they lead before clicking.
import type { OutgoingMail } from './mailer.ts';

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export type Block = string | { link: string; label: string };

export function composeMail(to: string, subject: string, blocks: Block[]): OutgoingMail {
  const text = blocks.map((b) => (typeof b === 'string' ? b : `${b.label}:\n${b.link}`)).join('\n\n');
  const html = blocks
    .map((b) =>
      typeof b === 'string'
        ? `<p>${escapeHtml(b).replace(/\n/g, '<br>')}</p>`
        : `<p><a href="${escapeHtml(b.link)}">${escapeHtml(b.label)}</a><br><small>${escapeHtml(b.link)}</small></p>`,
    )
    .join('\n');
  return {
    to,
    subject,
    text: `${text}\n`,
    html: `<!doctype html>\n<html><body style="font-family:sans-serif;line-height:1.5">\n${html}\n</body></html>\n`,
  };
}
