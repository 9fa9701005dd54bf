// TODO(issue 8): the Videos screen.
export function VideosScreen() {
  return <h1 className="text-2xl font-semibold">Videos</h1>;
}
