// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"handleDisabledFileLoadingAsSuccess": true}}
// reCAPTCHA mode: Google's script is a third-party request, so it may only be added once the visitor
// starts filling the form — never with the page.
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PageData } from '#shared/page-data.ts';
import { PageDataProvider } from '../page-data-context.tsx';
import { EnquiryForm } from './enquiry-form.tsx';
import { RECAPTCHA_SCRIPT } from './recaptcha.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const data = {
  site: { phone: '01234 567890', email: 'bookings@example.co.uk' },
  captcha: {
    provider: 'recaptcha',
    challenge_url: null,
    site_key: 'site-key-123',
    action: 'enquiry',
    honeypot_field: 'website',
  },
} as unknown as PageData;

describe('EnquiryForm with reCAPTCHA', () => {
  let container: HTMLElement;
  let root: Root;
  let added: string[];
  let observer: MutationObserver;

  beforeEach(async () => {
    // Every script ever added (the test environment refuses to load them, so they do not stay).
    added = [];
    observer = new MutationObserver((records) =>
      records.forEach((record) =>
        record.addedNodes.forEach((node) => {
          if (node instanceof HTMLScriptElement) added.push(node.src);
        }),
      ),
    );
    observer.observe(document, { childList: true, subtree: true });
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () => {
      root.render(createElement(PageDataProvider, { data, children: createElement(EnquiryForm) }));
    });
  });
  afterEach(async () => {
    observer.disconnect();
    await act(async () => root.unmount());
    container.remove();
    document.head.querySelectorAll('script').forEach((script) => script.remove());
  });

  const googleScripts = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    return added.filter((src) => src.startsWith(RECAPTCHA_SCRIPT));
  };

  it('adds no Google script with the page, only when the visitor starts on the form', async () => {
    expect(await googleScripts()).toEqual([]);
    const name = container.querySelector<HTMLInputElement>('input[name="name"]');
    expect(name?.required).toBe(true);
    await act(async () => {
      name?.focus();
      name?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    });
    expect(await googleScripts()).toEqual([`${RECAPTCHA_SCRIPT}?render=site-key-123`]);
  });

  it('keeps a hidden, unreachable bot trap and labels every field', () => {
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(trap?.tabIndex).toBe(-1);
    expect(trap?.autocomplete).toBe('off');
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
    for (const field of ['name', 'email', 'organisation', 'message']) {
      const control = container.querySelector<HTMLInputElement>(`[name="${field}"]`);
      expect(container.querySelector(`label[for="${control?.id}"]`)?.textContent).toMatch(/\w/);
    }
    expect(container.querySelector<HTMLInputElement>('input[name="email"]')?.type).toBe('email');
  });
});
