// Which form is open on a content screen: none, "add", or "edit" for one item.
import { useState } from 'react';

export function useEditor<T extends { id: number }>() {
  const [state, setState] = useState<{ item: T | null } | null>(null);
  return {
    open: state !== null,
    item: state?.item ?? null,
    /** Changes whenever another item (or "add") is opened, so the form remounts with fresh values. */
    key: state === null ? 'closed' : state.item ? `edit-${state.item.id}` : 'new',
    openNew: () => setState({ item: null }),
    openEdit: (item: T) => setState({ item }),
    close: () => setState(null),
  };
}
