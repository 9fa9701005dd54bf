import { describe, expect, it } from 'vitest';
import { visitSource } from './visit-source.ts';

const site = (search = '') => ({ search, host: 'range.example' });

describe('visitSource', () => {
  it('reads the campaign tags of the address and the referring host, nothing more', () => {
    expect(
      visitSource(
        site('?utm_source=newsletter&utm_medium=email&utm_campaign=spring%202027&fbclid=abc'),
        'https://mail.example.net/inbox/123?token=secret',
      ),
    ).toEqual({
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring 2027',
      referrer_host: 'mail.example.net',
    });
  });

  it('has no source for a typed address, and ignores our own pages and odd referrers', () => {
    const none = { utm_source: null, utm_medium: null, utm_campaign: null, referrer_host: null };
    expect(visitSource(site(), '')).toEqual(none);
    expect(visitSource(site('?utm_source=%20%20'), 'https://range.example/privacy-policy')).toEqual(none);
    expect(visitSource(site(), 'android-app://com.google.android.gm/')).toEqual(none);
    expect(visitSource(site(), 'not a url')).toEqual(none);
  });
});
