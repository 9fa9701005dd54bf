// TODO(issue 8): the Enquiries screen.
export function EnquiriesScreen() {
  return <h1 className="text-2xl font-semibold">Enquiries</h1>;
}
