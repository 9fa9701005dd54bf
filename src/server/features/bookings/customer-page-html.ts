// The customer's page as HTML (docs/decisions/0473): written here on the server, one small document
// in the public site's colours and type, readable on a 390 px phone and usable with no script at all
// — its two actions are plain forms. Every value is escaped; nothing of any other booking is in it.
import { formatDay } from '#shared/day-names.ts';
import { phoneHref, readablePhone } from '#shared/phone.ts';
import { escapeHtml } from '../../mail/compose.ts';
import { CUSTOMER_PAGE_PREFIX } from './customer-link.ts';
import type { AcceptOutcome, CustomerPageView, MessageOutcome } from './customer-page.ts';
import { MESSAGE_MAX } from './customer-page.ts';
import { moneyRows } from './customer-money.ts';
import { detailLines } from './mail-text.ts';
import { londonDay } from '#shared/london-days.ts';

/** What the page says after an action (the `done` of its address, POST-redirect-GET). */
export type Done = AcceptOutcome | 'sent';

const NOTICES: Record<Done, { text: string; kind: 'ok' | 'warn' }> = {
  accepted: {
    text: 'Thank you — your booking is confirmed. We have e-mailed you the confirmation with a calendar invitation.',
    kind: 'ok',
  },
  taken: { text: "That date has just been taken — we'll be in touch with another.", kind: 'warn' },
  changed: {
    text: 'The booking changed while you were looking at it. Here it is as it now stands: please check it and accept again.',
    kind: 'warn',
  },
  'not-offered': {
    text: 'This quote can no longer be accepted here. Please get in touch with us about it.',
    kind: 'warn',
  },
  already: { text: 'This booking is already confirmed.', kind: 'ok' },
  sent: { text: 'Your message has been sent. We will reply by e-mail or phone.', kind: 'ok' },
};

export const isDone = (value: unknown): value is Done =>
  typeof value === 'string' && Object.hasOwn(NOTICES, value);

/** Why a message was not kept, beside its field. */
export const MESSAGE_PROBLEMS: Record<Exclude<MessageOutcome, 'sent'>, string> = {
  empty: 'Write your message before sending it.',
  'too-long': `Your message is longer than ${MESSAGE_MAX.toLocaleString('en-GB')} characters: please shorten it.`,
  control: 'Your message contains characters that cannot be sent: please type it again.',
  'too-many': 'You have sent many messages about this booking today: please call or e-mail us instead.',
  closed: 'This booking can no longer be changed here: please call or e-mail us.',
};

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#0f120c;color:#e8ece2;font:1rem/1.6 Inter,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;-webkit-text-size-adjust:100%}
a{color:#ff8a3d;text-underline-offset:2px}
a:focus-visible,button:focus-visible,textarea:focus-visible{outline:2px solid #ff8a3d;outline-offset:2px}
.top{border-bottom:1px solid rgb(255 255 255/.1);background:#090b07}
.top a{display:inline-flex;min-height:4rem;align-items:center;padding:0 1rem;color:#fff;text-decoration:none;font:700 1.125rem/1.1 Oswald,'Arial Narrow','Roboto Condensed',sans-serif;text-transform:uppercase;letter-spacing:.03em}
main{max-width:42rem;margin:0 auto;padding:2rem 1rem 3rem}
.kicker{margin:0;color:#ffb27a;font-weight:600;text-transform:uppercase;letter-spacing:.08em;font-size:.875rem}
h1,h2{font-family:Oswald,'Arial Narrow','Roboto Condensed',sans-serif;color:#fff;text-transform:uppercase;line-height:1.1}
h1{margin:.25rem 0 .75rem;font-size:2.25rem}
h2{margin:0 0 .75rem;font-size:1.375rem;letter-spacing:.02em}
.state{display:inline-block;margin:0;padding:.25rem .75rem;border-radius:999px;font-weight:600;background:#22281b;border:1px solid #4a5540}
.state-confirmed,.state-completed{border-color:#6b7a3a;background:#3b4520}
.state-cancelled{border-color:#f87171;color:#fecaca}
.card{margin-top:1.5rem;padding:1.25rem;border:1px solid rgb(255 255 255/.1);border-radius:.75rem;background:#171b12}
dl{margin:0}
.row{display:grid;grid-template-columns:7.5rem 1fr;gap:.5rem;padding:.5rem 0;border-bottom:1px solid rgb(255 255 255/.08)}
.row:last-child{border-bottom:0}
dt{color:#c9d0bf;font-weight:600}
dd{margin:0;min-width:0;overflow-wrap:anywhere;color:#fff}
p{margin:.5rem 0}
.muted{color:#c9d0bf}
.notice{margin-top:1.5rem;padding:1rem;border-radius:.75rem;border:1px solid;font-weight:600}
.notice-ok{border-color:#6b7a3a;background:#3b4520;color:#fff}
.notice-warn{border-color:#ff8a3d;background:#22281b;color:#fff}
button,.button{display:inline-flex;min-height:2.75rem;align-items:center;justify-content:center;padding:.5rem 1.25rem;border:0;border-radius:.5rem;background:#c2410c;color:#fff;font:inherit;font-weight:600;line-height:1.2;text-decoration:none;cursor:pointer}
button:hover,.button:hover{background:#9a3412}
.button-outline{background:transparent;border:2px solid #e8ece2;color:#fff}
.button-outline:hover{background:rgb(255 255 255/.1)}
label{display:block;font-weight:600;color:#fff}
textarea{display:block;width:100%;margin:.5rem 0 1rem;padding:.75rem;border:1px solid #a3ad97;border-radius:.5rem;background:#090b07;color:#fff;font:inherit;resize:vertical}
.error{color:#f87171;font-weight:600}
.calendar{margin-top:1.5rem}
footer{padding:2rem 1rem;border-top:1px solid rgb(255 255 255/.1);color:#c9d0bf;text-align:center;font-size:.875rem}
@media (min-width:40rem){h1{font-size:3rem}.row{grid-template-columns:10rem 1fr}.top a{padding:0 1.5rem;font-size:1.375rem}}
`;

/** The state of the booking in words, and what it means for the customer. */
function stateWords({ booking, acceptable }: CustomerPageView): { label: string; sentence: string } {
  const holdsUntil =
    booking.hold_expires_at === null
      ? ''
      : ` until the end of ${formatDay(londonDay(booking.hold_expires_at - 1))}`;
  switch (booking.state) {
    case 'provisional':
      return acceptable
        ? {
            label: 'Quote: waiting for your answer',
            sentence: `We are holding the date for you${holdsUntil}. Accept the quote below to confirm the booking.`,
          }
        : {
            label: 'Provisional: not confirmed yet',
            sentence: `We are holding the date for you${holdsUntil} while we arrange the details.`,
          };
    case 'confirmed':
      return { label: 'Confirmed', sentence: 'Your booking is confirmed. We look forward to seeing you.' };
    case 'completed':
      return { label: 'Completed', sentence: 'Thank you for booking with us.' };
    default:
      return { label: 'Cancelled', sentence: 'This booking has been cancelled.' };
  }
}

const rows = (items: { label: string; value: string }[]) =>
  `<dl>${items
    .map(
      ({ label, value }) =>
        `<div class="row"><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value).replace(/\n/g, '<br>')}</dd></div>`,
    )
    .join('')}</dl>`;

/** The booking's details, as its mails give them, without the money (moneyRows says that). */
function detailRows(view: CustomerPageView) {
  return detailLines(view.booking)
    .filter((line) => !/^(Price|Deposit):/.test(line))
    .map((line) => {
      const colon = line.indexOf(': ');
      return { label: line.slice(0, colon), value: line.slice(colon + 2) };
    });
}

const pagePath = (token: string) => `${CUSTOMER_PAGE_PREFIX}${token}`;

function acceptSection(view: CustomerPageView, token: string): string {
  if (!view.acceptable) return '';
  return `<section class="card" aria-labelledby="accept-title">
<h2 id="accept-title">Accept the quote</h2>
<p>Accepting confirms the booking as it is shown on this page, at the price above. We will e-mail you the confirmation with a calendar invitation.</p>
<form method="post" action="${escapeHtml(pagePath(token))}/accept">
<input type="hidden" name="seen" value="${view.booking.version}">
<button type="submit">Accept this quote</button>
</form>
</section>`;
}

function calendarSection(view: CustomerPageView, token: string): string {
  if (!view.calendar) return '';
  return `<p class="calendar"><a class="button button-outline" href="${escapeHtml(pagePath(token))}/booking.ics" download="booking.ics">Add to your calendar</a></p>`;
}

/** The message form; `draft` and `problem` when a message was refused, so nothing typed is lost. */
function askSection(view: CustomerPageView, token: string, draft: string, problem: string | null): string {
  if (!view.writable) return '';
  const error = problem ? `<p id="message-error" class="error">${escapeHtml(problem)}</p>` : '';
  const described = problem ? 'message-hint message-error' : 'message-hint';
  return `<section class="card" aria-labelledby="ask-title">
<h2 id="ask-title">Ask to change or cancel</h2>
<form method="post" action="${escapeHtml(pagePath(token))}/message">
<label for="message">Your message</label>
<p id="message-hint" class="muted">Tell us what you would like to change — the date, the times, the place, the number of people — or that you would like to cancel. We will reply by e-mail or phone.</p>
${error}<textarea id="message" name="message" rows="6" maxlength="${MESSAGE_MAX}" required aria-describedby="${described}"${problem ? ' aria-invalid="true"' : ''}>${escapeHtml(draft)}</textarea>
<button type="submit">Send message</button>
</form>
</section>`;
}

function contactSection(view: CustomerPageView): string {
  const { phone, email, tradingName } = view.business;
  const ways = [
    ...(phone
      ? [
          `<div class="row"><dt>Phone</dt><dd><a href="${escapeHtml(phoneHref(phone))}">${escapeHtml(readablePhone(phone))}</a></dd></div>`,
        ]
      : []),
    ...(email
      ? [
          `<div class="row"><dt>E-mail</dt><dd><a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a></dd></div>`,
        ]
      : []),
  ];
  return `<section class="card" aria-labelledby="contact-title">
<h2 id="contact-title">Get in touch</h2>
${ways.length ? `<dl>${ways.join('')}</dl>` : `<p>Reply to any e-mail from ${escapeHtml(tradingName)}.</p>`}
</section>`;
}

export interface PageOptions {
  token: string;
  done?: Done;
  /** A refused message: what was typed, and why it was refused. */
  draft?: string;
  problem?: string | null;
}

/** The whole page. */
export function customerPageHtml(view: CustomerPageView, options: PageOptions): string {
  const { token, done, draft = '', problem = null } = options;
  const { booking, business } = view;
  const state = stateWords(view);
  // A message refused once the booking is closed has no form to stand beside: it is said at the top.
  const notice = done
    ? NOTICES[done]
    : problem && !view.writable
      ? { text: problem, kind: 'warn' as const }
      : null;
  const title = `Your booking with ${business.tradingName}`;
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<meta name="theme-color" content="#0d0f0b">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><header class="top"><a href="/">${escapeHtml(business.tradingName)}</a></header>
<main id="main">
<p class="kicker">Your booking</p>
<h1>${escapeHtml(formatDay(booking.start_date))}${booking.end_date === booking.start_date ? '' : ` to ${escapeHtml(formatDay(booking.end_date))}`}</h1>
<p class="state state-${escapeHtml(booking.state)}">${escapeHtml(state.label)}</p>
<p>${escapeHtml(state.sentence)}</p>
${notice ? `<div class="notice notice-${notice.kind}" role="${notice.kind === 'ok' ? 'status' : 'alert'}">${escapeHtml(notice.text)}</div>` : ''}
<section class="card" aria-labelledby="details-title"><h2 id="details-title">Details</h2>${rows(detailRows(view))}</section>
<section class="card" aria-labelledby="money-title"><h2 id="money-title">Price and payment</h2>${rows(moneyRows(booking))}</section>
${acceptSection(view, token)}${calendarSection(view, token)}${askSection(view, token, draft, problem)}${contactSection(view)}
</main>
<footer>${escapeHtml(business.tradingName)} · This page is for you alone: please do not share its address.</footer>
</body></html>`;
}
