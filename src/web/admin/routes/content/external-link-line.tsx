// A card line with a link that opens in a new tab (event and partner websites).
import { ExternalLink } from 'lucide-react';

export function ExternalLinkLine({ href }: { href: string }) {
  return (
    <p className="flex items-center gap-1.5">
      <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
      <a
        href={href}
        target="_blank"
        rel="noreferrer"
        className="min-w-0 truncate text-accent-700 underline underline-offset-2"
      >
        {href}
      </a>
    </p>
  );
}
