// TODO(issue 8): the Events screen.
export function EventsScreen() {
  return <h1 className="text-2xl font-semibold">Events</h1>;
}
