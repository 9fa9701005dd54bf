// TODO(issue 8): the Testimonials screen.
export function TestimonialsScreen() {
  return <h1 className="text-2xl font-semibold">Testimonials</h1>;
}
