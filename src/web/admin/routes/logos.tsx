// TODO(issue 8): the Logos screen.
export function LogosScreen() {
  return <h1 className="text-2xl font-semibold">Logos</h1>;
}
