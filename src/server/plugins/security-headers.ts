// The security headers of every response (docs/decisions/0401): helmet's, with a Content-Security-Policy
// per kind of answer. @fastify/helmet runs helmet(options) anew for every request, which cost a bare
// route about 45% of its requests per second when measured; so the few header sets are computed once,
// here, by helmet itself, and each request only gets one of them assigned. The public fast lane
// sends the very same objects.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

type Directives = Record<string, string[]>;
/** The part of helmet's options we set; everything else keeps helmet's default. */
interface HelmetOptions {
  contentSecurityPolicy: { useDefaults: false; directives: Directives };
  strictTransportSecurity: { maxAge: number; includeSubDomains: boolean } | false;
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' | 'no-referrer' };
  xFrameOptions: { action: 'deny' };
}
/**
 * - `api`: JSON, files and everything else that is not a page: nothing may run or be framed.
 * - `apiNoReferrer`: the same for calls that carry a secret (the password-reset token).
 * - `page`: the server-rendered public pages and the 404 page.
 * - `adminPage`: the admin client's shell, which is also the page of the e-mailed reset link
 *   (`/admin/reset-password?token=…`), so it never sends its address on.
 */
export type SecurityHeaderSet = 'api' | 'apiNoReferrer' | 'page' | 'adminPage';
export type SecurityHeaders = Readonly<Record<SecurityHeaderSet, Readonly<Record<string, string>>>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which security headers the route's answers carry; `api` when not set. */
    securityHeaders?: SecurityHeaderSet;
  }
}

const SELF = "'self'";
const NONE = "'none'";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
/** The video gallery's player, loaded only when a visitor clicks play. */
const YOUTUBE_PLAYER = 'https://www.youtube-nocookie.com';
/** What Google documents for reCAPTCHA under a CSP (only with CAPTCHA_PROVIDER=recaptcha). */
const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

const API_DIRECTIVES: Directives = { defaultSrc: [NONE], frameAncestors: [NONE] };

/** What both kinds of page share: only this site's own scripts, styles, fonts, images and media. */
const PAGE_BASE: Directives = {
  defaultSrc: [SELF],
  baseUri: [NONE],
  objectSrc: [NONE],
  scriptSrc: [SELF],
  // No inline script runs: the embedded page data and JSON-LD are data blocks, never executed.
  scriptSrcAttr: [NONE],
  // Styles the libraries insert at run time (the ALTCHA widget, toasts, dialogs) are <style> elements;
  // scripts stay strict, which is what stops an injection from running anything.
  styleSrc: [SELF, "'unsafe-inline'"],
  imgSrc: [SELF, 'data:'],
  fontSrc: [SELF],
  connectSrc: [SELF],
  mediaSrc: [SELF],
  formAction: [SELF],
  frameAncestors: [NONE],
};

export interface SecurityHeaderOptions {
  /** PUBLIC_URL: HSTS and upgrade-insecure-requests only when the site is served over https. */
  publicUrl: string;
  captchaProvider: 'altcha' | 'recaptcha' | 'off';
}

export function createSecurityHeaders(options: SecurityHeaderOptions): SecurityHeaders {
  const https = options.publicUrl.startsWith('https://');
  const recaptcha = options.captchaProvider === 'recaptcha';
  const upgrade: Directives = https ? { upgradeInsecureRequests: [] } : {};
  const page: Directives = {
    ...PAGE_BASE,
    ...upgrade,
    scriptSrc: [SELF, ...(recaptcha ? RECAPTCHA_SCRIPTS : [])],
    // ALTCHA solves its proof of work in a web worker it starts from a blob: URL.
    workerSrc: [SELF, 'blob:'],
    frameSrc: [YOUTUBE_PLAYER, ...(recaptcha ? RECAPTCHA_FRAMES : [])],
  };
  const adminPage: Directives = {
    ...PAGE_BASE,
    ...upgrade,
    // The preview of a file being uploaded is a blob: URL; the 2FA QR code a data: image.
    imgSrc: [SELF, 'data:', 'blob:'],
    mediaSrc: [SELF, 'blob:'],
    frameSrc: [NONE],
  };

  const set = (directives: Directives, referrer: HelmetOptions['referrerPolicy']['policy']) =>
    headersOf({
      contentSecurityPolicy: { useDefaults: false, directives },
      strictTransportSecurity: https ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true } : false,
      referrerPolicy: { policy: referrer },
      xFrameOptions: { action: 'deny' },
    });
  return Object.freeze({
    api: set(API_DIRECTIVES, 'strict-origin-when-cross-origin'),
    apiNoReferrer: set(API_DIRECTIVES, 'no-referrer'),
    page: set(page, 'strict-origin-when-cross-origin'),
    adminPage: set(adminPage, 'no-referrer'),
  });
}

/** The headers helmet sets with these options, recorded once. */
function headersOf(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

/** Every answer gets its route's header set and its request id up front, so error replies have them too. */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  // A callback hook, not an async one: this runs on every request that reaches Fastify.
  app.addHook('onRequest', (request, reply, done) => {
    reply
      .headers(headers[request.routeOptions.config.securityHeaders ?? 'api'])
      .header('x-request-id', request.id);
    done();
  });
}
