// TODO(issue 8): the Login screen.
export function LoginScreen() {
  return <h1 className="text-2xl font-semibold">Login</h1>;
}
