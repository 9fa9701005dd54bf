// The Content-Security-Policy watched in every page the e2e suite opens (docs/decisions/0481): each
// violation the browser reports — the `securitypolicyviolation` event, and what Chromium says only in
// the console (a refused worker) — and every document from our server that arrives without a policy
// (zero violations without one would prove nothing).
import type { Browser, BrowserContext } from 'playwright-core';

export interface CspWatch {
  /** What was seen since the last call, emptied. */
  take(): string[];
}

/**
 * Watches every context `browser` opens from now on (and so every `browser.newPage()`, which opens
 * one), for documents from `origin`.
 */
export function watchContentSecurityPolicy(browser: Browser, origin: () => string): CspWatch {
  let seen: string[] = [];
  const report = (text: string) => seen.push(text);

  async function watch(context: BrowserContext) {
    await context.exposeBinding('reportCspViolation', (_source, text: string) => report(text));
    await context.addInitScript(() => {
      const page = window as unknown as { reportCspViolation(text: string): void };
      document.addEventListener('securitypolicyviolation', (event) =>
        page.reportCspViolation(
          `${location.href}: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}`,
        ),
      );
    });
    context.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text()))
        report(`${message.page()?.url() ?? 'a worker'}: ${message.text()}`);
    });
    context.on('response', (response) => {
      // A page of ours (a calendar file or a redirect is not one; a 304 repeats no headers).
      if (response.request().resourceType() !== 'document' || !response.url().startsWith(origin())) return;
      if (!response.headers()['content-type']?.startsWith('text/html')) return;
      if (!/script-src 'self'/.test(response.headers()['content-security-policy'] ?? ''))
        report(`${response.url()}: no Content-Security-Policy`);
    });
  }

  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watch(context);
    return context;
  };
  return {
    take() {
      const taken = seen;
      seen = [];
      return taken;
    },
  };
}
