// TODO(issue 8): the Users screen.
export function UsersScreen() {
  return <h1 className="text-2xl font-semibold">Users</h1>;
}
