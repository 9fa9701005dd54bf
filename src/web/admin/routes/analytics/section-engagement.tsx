// 'Section Engagement' (docs/product.md#analytics-screen): the website's sections by average time spent,
// longest first, each with a bar scaled to the longest.
import type { AnalyticsSummary } from '#shared/schemas/analytics.ts';
import { Card, EmptyState } from '../../../components/admin-ui.tsx';
import { seconds, sectionLabel } from './format.ts';
import { SectionHeading } from './section-heading.tsx';

export function SectionEngagement({ engagement }: { engagement: AnalyticsSummary['section_engagement'] }) {
  const longest = Math.max(0, ...engagement.map((s) => s.avg_time));
  return (
    <Card>
      <SectionHeading>Section Engagement</SectionHeading>
      {engagement.length === 0 ? (
        <EmptyState>No section data yet. Visit the website to start tracking.</EmptyState>
      ) : (
        <ol className="space-y-3">
          {engagement.map((section, index) => (
            <li key={section.section} className="flex items-center gap-3">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-ink-900 text-sm font-semibold text-white">
                {index + 1}
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex items-baseline justify-between gap-2">
                  <span className="truncate font-medium text-ink-900">{sectionLabel(section.section)}</span>
                  <span className="shrink-0 text-sm font-semibold text-ink-700">
                    {seconds(section.avg_time)}
                    <span className="sr-only"> average</span>
                  </span>
                </div>
                <div aria-hidden="true" className="mt-1 h-1.5 overflow-hidden rounded-full bg-ink-100">
                  <div
                    className="h-full w-(--share) rounded-full bg-olive-500"
                    ref={(bar) =>
                      bar?.style.setProperty(
                        '--share',
                        `${longest > 0 ? (section.avg_time / longest) * 100 : 0}%`,
                      )
                    }
                  />
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
