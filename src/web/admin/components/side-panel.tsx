// A panel over the screen for one thing's details and form: the whole screen on a phone, a column on
// the right from a laptop up, with the page dimmed behind. Escape, the Close button or a click on
// the dimmed page closes it; focus stays inside while it is open (Radix).
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

export function SidePanel({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink-950/60" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-40 flex flex-col bg-white shadow-2xl focus:outline-none sm:inset-y-0 sm:right-0 sm:left-auto sm:w-[34rem]"
        >
          <div className="flex items-start justify-between gap-3 border-b border-ink-200 px-4 py-3 sm:px-6">
            <Dialog.Title className="min-w-0 pt-1.5 font-display text-xl font-semibold tracking-wide break-words text-ink-900 uppercase">
              {title}
            </Dialog.Title>
            <Dialog.Close asChild>
              <button
                type="button"
                aria-label="Close"
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-ink-700 hover:bg-ink-100 focus-visible:outline-2 focus-visible:outline-accent-400"
              >
                <X className="size-6" aria-hidden="true" />
              </button>
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-4 py-4 sm:px-6">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
