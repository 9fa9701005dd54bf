import { describe, expect, it } from 'vitest';
import { describeSource } from './format.ts';

const none = { utm_source: null, utm_medium: null, utm_campaign: null, referrer_host: null };

describe('describeSource', () => {
  it('says the campaign tags, the referring site, or that there is none', () => {
    expect(
      describeSource({
        ...none,
        label: 'newsletter',
        utm_source: 'Newsletter',
        utm_medium: 'email',
        utm_campaign: 'spring-2027',
      }),
    ).toBe('Newsletter · email · spring-2027');
    expect(describeSource({ ...none, label: 'google', utm_source: 'google' })).toBe('google');
    expect(describeSource({ ...none, label: 'facebook.com', referrer_host: 'www.facebook.com' })).toBe(
      'Came from facebook.com',
    );
    expect(describeSource({ ...none, label: 'direct' })).toBe('Direct or unknown');
  });
});
