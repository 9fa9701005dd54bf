// Reads what the public pages show through the same services the API uses (never an HTTP call to
// itself): the public lists come from the content service's cache, so this is cheap to call often.
import { CONTENT_KIND_NAMES, CONTENT_KINDS, type ContentKind } from '#shared/schemas/content.ts';
import { londonDay } from '#shared/london-days.ts';
import type { PageData } from '#shared/page-data.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Captcha } from '../enquiries/captcha.ts';
import type { ContentService } from '../content/service.ts';
import type { SiteService } from '../site/service.ts';
import type { PageDataSource } from './page-renderer.ts';

export function createPageDataSource(deps: {
  content: ContentService;
  site: SiteService;
  captcha: Captcha;
  clock: Clock;
  publicUrl: string;
  analyticsRetentionDays: number;
}): PageDataSource {
  return {
    async load() {
      const [lists, site] = await Promise.all([
        Promise.all(CONTENT_KIND_NAMES.map((kind) => deps.content.publicList(kind))),
        deps.site.get(),
      ]);
      const listOf = (kind: ContentKind) => {
        const body = JSON.parse(lists[CONTENT_KIND_NAMES.indexOf(kind)]!.identity.toString()) as Record<
          string,
          unknown
        >;
        return body[CONTENT_KINDS[kind].listKey];
      };
      const data = {
        publicUrl: deps.publicUrl,
        today: londonDay(deps.clock.now()),
        site,
        events: listOf('events'),
        logos: listOf('logos'),
        badges: listOf('badges'),
        gallery: listOf('gallery'),
        videos: listOf('videos'),
        testimonials: listOf('testimonials'),
        captcha: deps.captcha.setup(),
        analyticsRetentionDays: deps.analyticsRetentionDays,
      } as PageData;
      // The lists' ETags stand for their content; the day matters because "upcoming" moves with it.
      const fingerprint = [...lists.map((list) => list.etag), JSON.stringify(site), data.today].join('|');
      return { data, fingerprint };
    },
  };
}
