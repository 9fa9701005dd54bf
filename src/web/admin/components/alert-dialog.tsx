// The frame of the admin's alert dialogs (a confirmation, the inactivity warning): the page dimmed
// behind a centred card with its title. The caller gives the description and the buttons.
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

const WIDTH = {
  narrow: 'w-[min(28rem,calc(100vw-2rem))]',
  wide: 'w-[min(30rem,calc(100vw-2rem))]',
} as const;

export function AlertDialog({
  open,
  onOpenChange,
  title,
  width,
  children,
}: {
  open: boolean;
  /** Left out, it is open exactly while `open` says: Escape, a click outside or a Close button change nothing. */
  onOpenChange?: (open: boolean) => void;
  title: string;
  width: keyof typeof WIDTH;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/60" />
        <Dialog.Content
          role="alertdialog"
          className={`fixed top-1/2 left-1/2 z-50 ${WIDTH[width]} -translate-x-1/2 -translate-y-1/2 rounded-card bg-white p-6 shadow-2xl focus:outline-none`}
        >
          <Dialog.Title className="font-display text-xl font-semibold tracking-wide text-ink-900 uppercase">
            {title}
          </Dialog.Title>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
