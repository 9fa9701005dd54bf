// TODO(issue 7, consent): the footer's 'Cookie settings' link that reopens the consent choice.
export function CookieSettingsButton({ className = '' }: { className?: string }) {
  return (
    <button type="button" className={className}>
      Cookie settings
    </button>
  );
}
