// TODO(issue 8): the Gallery screen.
export function GalleryScreen() {
  return <h1 className="text-2xl font-semibold">Gallery</h1>;
}
