// Gallery reorder swaps the order values of two neighbouring images in the same section
// (docs/product.md#content-screens).

/**
 * The order changes that move `list[index]` one place up (-1) or down (+1): the two neighbours swap
 * order values; if they are equal the swap would change nothing, so the section is renumbered.
 */
export function reorderChanges<T extends { id: number; order: number }>(
  list: readonly T[],
  index: number,
  direction: -1 | 1,
): { id: number; order: number }[] {
  const other = index + direction;
  const a = list[index];
  const b = list[other];
  if (!a || !b) return [];
  if (a.order !== b.order) {
    return [
      { id: a.id, order: b.order },
      { id: b.id, order: a.order },
    ];
  }
  const moved = [...list];
  moved[index] = b;
  moved[other] = a;
  return moved.flatMap((image, position) =>
    image.order === position ? [] : [{ id: image.id, order: position }],
  );
}
