// Which form is open on a content screen: none, "add", or "edit" for one item. It lives in the address
// (?edit=new, ?edit=12), so coming back to the same address — signing in again after an inactivity
// sign-out, a reload — opens the same form, where its draft is waiting (issue 28).
import { useSearchParams } from 'react-router';

export const EDIT_PARAM = 'edit';
const NEW = 'new';

/** `items`: the screen's list, where an edited item is found by its id once it has loaded. */
export function useEditor<T extends { id: number }>(items: readonly T[]) {
  const [params, setParams] = useSearchParams();
  const editing = params.get(EDIT_PARAM);
  const item = editing && editing !== NEW ? (items.find((i) => String(i.id) === editing) ?? null) : null;
  const open = editing === NEW || item !== null;
  // Replaced, not pushed: opening and closing a form leaves Back as it was.
  const show = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(EDIT_PARAM);
        else next.set(EDIT_PARAM, value);
        return next;
      },
      { replace: true },
    );
  return {
    open,
    item,
    /** Changes whenever another item (or "add") is opened, so the form remounts with fresh values. */
    key: !open ? 'closed' : item ? `edit-${item.id}` : NEW,
    openNew: () => show(NEW),
    openEdit: (target: T) => show(String(target.id)),
    close: () => show(null),
  };
}
