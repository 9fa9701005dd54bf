// TODO(issue 8): the Analytics screen.
export function AnalyticsScreen() {
  return <h1 className="text-2xl font-semibold">Analytics</h1>;
}
