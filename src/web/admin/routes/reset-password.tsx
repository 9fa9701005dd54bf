// TODO(issue 8): the ResetPassword screen.
export function ResetPasswordScreen() {
  return <h1 className="text-2xl font-semibold">ResetPassword</h1>;
}
