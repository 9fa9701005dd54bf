export function NotFoundPage() {
  return (
    <main>
      <h1>Page not found</h1>
      <a href="/">Back to Home</a>
    </main>
  );
}
