// TODO(issue 8): the Dashboard screen.
export function DashboardScreen() {
  return <h1 className="text-2xl font-semibold">Dashboard</h1>;
}
