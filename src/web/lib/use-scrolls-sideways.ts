// Whether a box is wider inside than it shows, so it scrolls sideways: a hint to swipe is shown only
// then, not on every phone whatever the table's width (the hint used to follow the screen size alone).
import { useEffect, useState } from 'react';

/** A ref for the scrolling box, and whether its content is wider than it; kept current on resize. */
export function useScrollsSideways<T extends HTMLElement>() {
  const [box, setBox] = useState<T | null>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    if (!box) return;
    // A pixel of slack: rounding can make a table that fits read one pixel wider than its box.
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, [box]);
  return [setBox, scrolls] as const;
}
