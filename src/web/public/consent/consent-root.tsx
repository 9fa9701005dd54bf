// TODO(issue 7, consent): the consent banner and, once accepted, both trackers. Mounted once per page.
export function ConsentRoot() {
  return null;
}
