// TODO(issue 8): the Settings screen.
export function SettingsScreen() {
  return <h1 className="text-2xl font-semibold">Settings</h1>;
}
