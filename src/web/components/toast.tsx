// The first toast reading (docs/product.md#toasts): one toast at a time, a new one replaces the old, and a
// dismissed toast is removed from the DOM after TOAST_REMOVE_DELAY_MS. Used by the public pages and the admin
// content screens; the enquiry, analytics and user screens use sonner (4 s, up to 3 visible) instead.
import { X } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** How long a toast stays open before it dismisses itself (the rule sets only the removal delay). */
export const TOAST_OPEN_MS = 6000;

export interface Toast {
  id: number;
  title?: string;
  description?: string;
  variant: 'default' | 'destructive' | 'success';
  open: boolean;
  /** A button in the toast, e.g. Undo after a deletion; pressing it also closes the toast. */
  action?: { label: string; onClick: () => void };
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function dismissToast(id: number): void {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, TOAST_REMOVE_DELAY_MS);
}

/**
 * Dismisses every open toast of one variant (all of them without one): a success must not stay
 * under an earlier error that no longer applies.
 */
export function dismissToasts(variant?: Toast['variant']): void {
  for (const item of toasts) if (item.open && (!variant || item.variant === variant)) dismissToast(item.id);
}

export function toast(
  input: Omit<Toast, 'id' | 'open' | 'variant'> & { variant?: Toast['variant'] },
): number {
  const id = nextId++;
  const item: Toast = { variant: 'default', ...input, id, open: true };
  toasts = [item, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const noToasts: Toast[] = [];

const VARIANT_CLASSES: Record<Toast['variant'], string> = {
  default: 'border-ink-600 bg-ink-800 text-ink-50',
  destructive: 'border-danger-600 bg-danger-600 text-white',
  success: 'border-success-600 bg-success-600 text-white',
};

function ToastItem({ item }: { item: Toast }) {
  useEffect(() => {
    if (!item.open) return;
    const timer = setTimeout(() => dismissToast(item.id), TOAST_OPEN_MS);
    return () => clearTimeout(timer);
  }, [item.id, item.open]);
  if (!item.open) return null;
  return (
    <div
      role={item.variant === 'destructive' ? 'alert' : 'status'}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-card border p-4 shadow-xl ${VARIANT_CLASSES[item.variant]}`}
    >
      <div className="flex-1">
        {item.title && <p className="font-semibold">{item.title}</p>}
        {item.description && <p className="text-sm opacity-90">{item.description}</p>}
      </div>
      {item.action && (
        <button
          type="button"
          onClick={() => {
            dismissToast(item.id);
            item.action?.onClick();
          }}
          className="min-h-9 rounded-lg border border-current px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
        >
          {item.action.label}
        </button>
      )}
      <button
        type="button"
        onClick={() => dismissToast(item.id)}
        className="rounded p-1 opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
        aria-label="Dismiss notification"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/** Where toasts appear; render once per page. */
export function ToastHost() {
  const items = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => noToasts,
  );
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col gap-2 p-4 sm:inset-x-auto sm:right-0 sm:w-96"
    >
      {items.map((item) => (
        <ToastItem key={item.id} item={item} />
      ))}
    </div>
  );
}
