// TODO(issue 8): the ForgotPassword screen.
export function ForgotPasswordScreen() {
  return <h1 className="text-2xl font-semibold">ForgotPassword</h1>;
}
