// TODO(issue 8): the Badges screen.
export function BadgesScreen() {
  return <h1 className="text-2xl font-semibold">Badges</h1>;
}
