// An in-page confirmation for an action that cannot be undone and deserves more than the browser's
// own box (issue 16: the analytics reset says exactly what goes). Cancel has focus first, so Enter
// pressed out of habit changes nothing.
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from '../../components/button.tsx';
import { AlertDialog } from './alert-dialog.tsx';

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  form,
  busy = false,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** What leaving it as it is does, when "Cancel" would be ambiguous (cancelling a booking). */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Fields to fill in before confirming (a cancellation's reason), below the description. */
  form?: ReactNode;
  /** The confirmation is on its way: the button waits. */
  busy?: boolean;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onCancel()} title={title} width="wide">
      <Dialog.Description asChild>
        <div className="mt-2 space-y-2 text-ink-700">{children}</div>
      </Dialog.Description>
      {form && <div className="mt-4 space-y-3">{form}</div>}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="secondary">{cancelLabel}</Button>
        </Dialog.Close>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </div>
    </AlertDialog>
  );
}
