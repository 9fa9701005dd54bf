// The brand mark: a target behind a crosshair (the favicon draws the same shape).
export function LogoMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="#ff6a00" />
      <circle cx="16" cy="16" r="10.5" fill="#0f120c" />
      <circle cx="16" cy="16" r="6.5" fill="#ff6a00" />
      <circle cx="16" cy="16" r="2.5" fill="#0f120c" />
      <path d="M16 0v9M16 23v9M0 16h9M23 16h9" stroke="#0f120c" strokeWidth="2.4" />
    </svg>
  );
}
