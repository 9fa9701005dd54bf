// The public booking enquiry form as a visitor fills it in, for the e2e tests and the screenshots.
// Nothing here waits for the server's minimum fill time: the form holds a quick send back itself
// until then (earliestSend in src/web/public/enquiry-form/use-captcha.tsx).
import type { Page } from 'playwright-core';

export const enquiryForm = (page: Page) => page.getByRole('form', { name: 'Booking enquiry' });

export interface EnquiryDetails {
  name: string;
  email: string;
  organisation: string;
  message: string;
}

const FESTIVAL_ENQUIRY: EnquiryDetails = {
  name: 'Sam Carter',
  email: 'sam.carter@example.co.uk',
  organisation: 'Northfield Summer Festival',
  message: 'We would like the range for both days of our festival on 8–9 August, about 3,000 visitors a day.',
};

/** Types the four text fields (the first focus starts the captcha); `details` replaces any of them. */
export async function fillEnquiry(page: Page, details: Partial<EnquiryDetails> = {}): Promise<void> {
  const { name, email, organisation, message } = { ...FESTIVAL_ENQUIRY, ...details };
  const text = (label: string) => enquiryForm(page).getByRole('textbox', { name: label, exact: true });
  await text('Name').fill(name);
  await text('Email').fill(email);
  await text('Organisation or occasion').fill(organisation);
  await text('Message').fill(message);
}

/** Waits until the ALTCHA widget has solved its challenge (its hidden input holds the solution). */
export async function captchaSolved(page: Page): Promise<void> {
  await enquiryForm(page).locator('input[name="altcha"]').waitFor({ state: 'attached' });
  await page.waitForFunction(
    () => (document.querySelector('input[name="altcha"]') as HTMLInputElement | null)?.value,
  );
}
