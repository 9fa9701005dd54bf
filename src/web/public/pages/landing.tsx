// The landing page: SPEC §2's thirteen sections, in order.
import { usePageData } from '../page-data-context.tsx';

export function LandingPage() {
  const { site } = usePageData();
  return (
    <main>
      <h1 className="font-display text-display">LOCK IN. TAKE AIM. EXPERIENCE THE THRILL.</h1>
      <p>{site.trading_name}</p>
    </main>
  );
}
