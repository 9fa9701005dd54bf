import { describe, expect, it } from 'vitest';
import { reorderChanges } from './reorder.ts';

const images = (...orders: number[]) => orders.map((order, index) => ({ id: index + 1, order }));

describe('reorderChanges', () => {
  it('swaps the order values of two neighbours', () => {
    expect(reorderChanges(images(1, 2, 3), 1, -1)).toEqual([
      { id: 2, order: 1 },
      { id: 1, order: 2 },
    ]);
    expect(reorderChanges(images(1, 5, 9), 1, 1)).toEqual([
      { id: 2, order: 9 },
      { id: 3, order: 5 },
    ]);
  });

  it('renumbers the section when the two orders are equal, so the move still happens', () => {
    const changes = reorderChanges(images(0, 0, 0), 2, -1);
    const after = images(0, 0, 0).map((image) => ({
      ...image,
      order: changes.find((change) => change.id === image.id)?.order ?? image.order,
    }));
    after.sort((a, b) => a.order - b.order || a.id - b.id);
    expect(after.map((image) => image.id)).toEqual([1, 3, 2]);
  });

  it('does nothing past either end', () => {
    expect(reorderChanges(images(1, 2), 0, -1)).toEqual([]);
    expect(reorderChanges(images(1, 2), 1, 1)).toEqual([]);
  });
});
