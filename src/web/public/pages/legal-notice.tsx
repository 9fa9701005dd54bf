export function LegalNoticePage() {
  return (
    <main>
      <h1>Legal Notice</h1>
    </main>
  );
}
