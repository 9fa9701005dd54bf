// 'Daily Page Views' (docs/product.md#analytics-screen): one bar per day, its height scaled to the busiest
// day (at most 200 px), the views in a tooltip on hover or focus, short day labels — and the same numbers as
// a table for screen readers. Issue 16: the numbers are visible without hovering (above each bar on the short
// periods, the busiest day's count as the scale on the long ones) and the last bar is labelled 'Today'.
import { ANALYTICS_CHART_MAX_BAR_PX } from './constants.ts';
import type { ChartPoint } from '../../api/analytics-chart-data.ts';
import { barHeight, count, longDay, shortDay } from './format.ts';

/** One day's bar, named for screen readers, with its count above it or in a tooltip. */
function DayBar({ point, busiest, countOnBar }: { point: ChartPoint; busiest: number; countOnBar: boolean }) {
  const views = `${count(point.views)} ${point.views === 1 ? 'view' : 'views'}`;
  return (
    <div
      tabIndex={0}
      role="img"
      aria-label={`${longDay(point.date)}: ${views}`}
      title={`${shortDay(point.date)}: ${views}`}
      className="group relative flex h-full min-w-1 flex-1 items-end rounded-t focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400"
      // On the column, so the bar and the count above it both read it.
      ref={(column) =>
        column?.style.setProperty('--bar', `${barHeight(point.views, busiest, ANALYTICS_CHART_MAX_BAR_PX)}px`)
      }
    >
      <div className="h-(--bar) w-full rounded-t bg-accent-600 transition-colors group-hover:bg-accent-700 group-focus-visible:bg-accent-700" />
      {countOnBar && (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute bottom-(--bar) left-1/2 mb-1 -translate-x-1/2 text-xs font-semibold text-ink-700 tabular-nums group-hover:invisible group-focus-visible:invisible"
        >
          {count(point.views)}
        </span>
      )}
      <span
        aria-hidden="true"
        className="pointer-events-none absolute bottom-full left-1/2 z-10 mb-1 hidden -translate-x-1/2 rounded bg-ink-900 px-2 py-1 text-xs font-semibold whitespace-nowrap text-white shadow group-hover:block group-focus-visible:block"
      >
        {shortDay(point.date)}: {views}
      </span>
    </div>
  );
}

/** The chart's numbers for screen readers. */
function DailyViewsTable({ points }: { points: readonly ChartPoint[] }) {
  return (
    <table className="sr-only">
      <caption>Daily page views</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col">Page views</th>
        </tr>
      </thead>
      <tbody>
        {points.map((point) => (
          <tr key={point.date}>
            <th scope="row">{longDay(point.date)}</th>
            <td>{point.views}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function DailyChart({ points }: { points: readonly ChartPoint[] }) {
  const busiest = Math.max(0, ...points.map((p) => p.views));
  // Every label on a week; fewer on longer periods so they never overlap. The last day (the period
  // ends today) is always labelled, and a regular label too close to it gives way.
  const labelEvery = Math.ceil(points.length / 7);
  const last = points.length - 1;
  const dayLabel = (index: number) => {
    if (index === last) return 'Today';
    return index % labelEvery === 0 && last - index >= labelEvery ? shortDay(points[index]!.date) : '';
  };
  // A count fits above each bar up to two weeks; beyond that the scale says what the tallest bar is.
  const countsOnBars = points.length <= 14;
  return (
    <figure>
      <figcaption className="sr-only">Page views per day</figcaption>
      {!countsOnBars && busiest > 0 && (
        <p aria-hidden="true" className="text-xs text-ink-600">
          Tallest bar: <span className="font-semibold text-ink-800">{count(busiest)}</span> views
        </p>
      )}
      <div className="overflow-x-auto pt-10 pb-1">
        <div className="flex h-[200px] min-w-full items-end gap-px border-b-2 border-ink-200 sm:gap-1">
          {points.map((point) => (
            <DayBar key={point.date} point={point} busiest={busiest} countOnBar={countsOnBars} />
          ))}
        </div>
        <div aria-hidden="true" className="mt-2 flex min-w-full gap-px sm:gap-1">
          {points.map((point, index) => (
            <span
              key={point.date}
              className="min-w-1 flex-1 text-center text-xs whitespace-nowrap text-ink-600"
            >
              {dayLabel(index)}
            </span>
          ))}
        </div>
      </div>
      <DailyViewsTable points={points} />
    </figure>
  );
}
