import { describe, expect, it } from 'vitest';
import type { PageData } from '#shared/page-data.ts';
import { CONTENT_STAMP, TEST_PAGE_DATA } from '../islands/test-page-data.ts';
import { renderHead } from './head.ts';

const data: PageData = {
  ...TEST_PAGE_DATA,
  site: {
    ...TEST_PAGE_DATA.site,
    trading_name: 'Lock & Load <Ranges>',
    facebook_url: 'https://facebook.com/range',
    youtube_url: 'https://youtube.com/@range',
  },
  events: [
    {
      ...CONTENT_STAMP,
      id: 1,
      name: 'Past </script><script>alert(1)</script>',
      location: 'Oxford',
      date: '2026-05-31',
      link: '',
      image_url: '',
    },
    {
      ...CONTENT_STAMP,
      id: 2,
      name: 'Summer Fest',
      location: 'Reading',
      date: '2026-07-01',
      link: '',
      image_url: '/uploads/a.jpg',
    },
    {
      ...CONTENT_STAMP,
      id: 3,
      name: 'Today </script>',
      location: 'Bath',
      date: '2026-06-01',
      // A URL may hold "</script>" (no space in it); the event's JSON-LD url must not end the script.
      link: 'https://x.example/</script><script>alert(1)</script>',
      image_url: '',
    },
  ],
  gallery: [
    { ...CONTENT_STAMP, id: 1, title: 'Hero', image_url: '/uploads/hero.jpg', alt_text: '', section: 'hero' },
  ],
  videos: [],
};

const jsonLd = (head: string) =>
  [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );

describe('renderHead', () => {
  it('gives the landing page its canonical URL, share cards and escaped title', () => {
    const head = renderHead('landing', data);
    expect(head).toContain(
      '<title>Lock &amp; Load &lt;Ranges&gt; | Mobile Airsoft Target Range for Festivals &amp; Events</title>',
    );
    expect(head).toContain('<link rel="canonical" href="https://range.example/">');
    expect(head).toContain(
      '<meta property="og:image" content="https://range.example/uploads/w/1280/hero.jpg">',
    );
    expect(head).toContain('<meta property="og:locale" content="en_GB">');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(head).not.toContain('noindex');
  });

  it('describes the business and each upcoming event in JSON-LD that cannot break out of its script', () => {
    const head = renderHead('landing', data);
    expect(head.match(/<\/script>/g)).toHaveLength(3);
    const [business, ...events] = jsonLd(head);
    expect(business).toMatchObject({
      '@type': 'LocalBusiness',
      name: 'Lock & Load <Ranges>',
      telephone: '01632 960123',
      email: 'hello@range.example',
      url: 'https://range.example/',
      address: { streetAddress: '1 High Street, Reading' },
      sameAs: ['https://facebook.com/range', 'https://youtube.com/@range'],
    });
    expect(events.map((e) => [e['@type'], e.name, e.startDate])).toEqual([
      ['Event', 'Today </script>', '2026-06-01'],
      ['Event', 'Summer Fest', '2026-07-01'],
    ]);
    expect(events[0]).toMatchObject({ url: 'https://x.example/</script><script>alert(1)</script>' });
    expect(events[1]).toMatchObject({
      image: 'https://range.example/uploads/a.jpg',
      location: { '@type': 'Place', name: 'Reading' },
      eventStatus: 'https://schema.org/EventScheduled',
    });
  });

  it('keeps the 404 page out of search results and JSON-LD off the other pages', () => {
    expect(renderHead('not-found', data)).toContain('<meta name="robots" content="noindex">');
    expect(renderHead('not-found', data)).not.toContain('canonical');
    expect(jsonLd(renderHead('privacy-policy', data))).toEqual([]);
    expect(renderHead('privacy-policy', data)).toContain('href="https://range.example/privacy-policy"');
  });
});
