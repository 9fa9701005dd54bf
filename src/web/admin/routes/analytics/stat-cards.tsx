// The analytics screen's four totals for the period (docs/product.md#analytics-screen); a dash until they
// load.
import { Eye, MousePointerClick, Send, Users, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import type { AnalyticsSummary } from '#shared/schemas/analytics.ts';
import { count } from './format.ts';

type Total = 'total_page_views' | 'unique_visitors' | 'button_clicks' | 'form_submissions';

const TOTALS: readonly { label: string; key: Total; Icon: LucideIcon }[] = [
  { label: 'Total Page Views', key: 'total_page_views', Icon: Eye },
  { label: 'Unique Visitors', key: 'unique_visitors', Icon: Users },
  { label: 'Button Clicks', key: 'button_clicks', Icon: MousePointerClick },
  { label: 'Form Submissions', key: 'form_submissions', Icon: Send },
];

function StatCard({ label, value, Icon }: { label: string; value: number | undefined; Icon: LucideIcon }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-card border border-ink-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-center justify-between gap-2 text-sm font-semibold text-ink-700">
        <h2 id={id}>{label}</h2>
        <span className="text-accent-600">
          <Icon className="size-5" aria-hidden="true" />
        </span>
      </div>
      <p className="mt-2 font-display text-3xl font-semibold text-ink-900 sm:text-4xl">
        {value === undefined ? '–' : count(value)}
      </p>
    </section>
  );
}

export function StatCards({ summary }: { summary: AnalyticsSummary | undefined }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {TOTALS.map(({ label, key, Icon }) => (
        <StatCard key={key} label={label} value={summary?.[key]} Icon={Icon} />
      ))}
    </div>
  );
}
