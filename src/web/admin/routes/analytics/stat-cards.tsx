// The analytics screen's four totals for the period (docs/product.md#analytics-screen); a dash until they
// load.
import { Eye, MousePointerClick, Send, Users } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { AnalyticsSummary } from '#shared/schemas/analytics.ts';
import { count } from './format.ts';

function StatCard({ label, value, icon }: { label: string; value: number | undefined; icon: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-card border border-ink-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-center justify-between gap-2 text-sm font-semibold text-ink-700">
        <h2 id={id}>{label}</h2>
        <span className="text-accent-600">{icon}</span>
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
      <StatCard
        label="Total Page Views"
        value={summary?.total_page_views}
        icon={<Eye className="size-5" aria-hidden="true" />}
      />
      <StatCard
        label="Unique Visitors"
        value={summary?.unique_visitors}
        icon={<Users className="size-5" aria-hidden="true" />}
      />
      <StatCard
        label="Button Clicks"
        value={summary?.button_clicks}
        icon={<MousePointerClick className="size-5" aria-hidden="true" />}
      />
      <StatCard
        label="Form Submissions"
        value={summary?.form_submissions}
        icon={<Send className="size-5" aria-hidden="true" />}
      />
    </div>
  );
}
