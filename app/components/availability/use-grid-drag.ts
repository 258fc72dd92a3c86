import { type PointerEvent, useEffect, useRef, useState } from "react";
import { cellIndex, cellPosition } from "../../../core/availability";
import type { IsoWeekday } from "../../../core/slots";

type Drag = { anchor: number; last: number; select: boolean; base: ReadonlySet<number> };

function cellOf(target: EventTarget | null): number | null {
  const value = (target as HTMLElement | null)?.dataset?.cell;
  return value === undefined ? null : Number(value);
}

/** `base` with every cell of the rectangle between two cells selected or cleared. */
function paintRectangle(drag: Drag, to: number): Set<number> {
  const a = cellPosition(drag.anchor);
  const b = cellPosition(to);
  const next = new Set(drag.base);
  for (let day = Math.min(a.day, b.day); day <= Math.max(a.day, b.day); day++) {
    for (let slot = Math.min(a.slot, b.slot); slot <= Math.max(a.slot, b.slot); slot++) {
      const cell = cellIndex(day as IsoWeekday, slot);
      if (drag.select) next.add(cell);
      else next.delete(cell);
    }
  }
  return next;
}

/**
 * Pointer handling for the availability grid (delegated on the table). Mouse and pen drag a
 * rectangle from the first cell, repainted from the state before the drag so a fast
 * movement never skips cells. Touch only taps: a moving finger scrolls the grid instead
 * (the browser then cancels the pointer, and the tap is dropped).
 */
export function useGridDrag({
  cells,
  onCellsChange,
  onFocusCell,
}: {
  cells: ReadonlySet<number>;
  onCellsChange: (next: Set<number>) => void;
  onFocusCell: (cell: number) => void;
}) {
  const dragRef = useRef<Drag | null>(null);
  const tapRef = useRef<number | null>(null);
  const [active, setActive] = useState(false);

  // A drag ends wherever the button is released, even outside the grid.
  useEffect(() => {
    const end = () => {
      if (!dragRef.current) return;
      dragRef.current = null;
      setActive(false);
    };
    window.addEventListener("pointerup", end);
    window.addEventListener("pointercancel", end);
    return () => {
      window.removeEventListener("pointerup", end);
      window.removeEventListener("pointercancel", end);
    };
  }, []);

  const handlers = {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      const cell = cellOf(event.target);
      if (cell === null || event.button !== 0) return;
      onFocusCell(cell);
      if (event.pointerType === "touch") {
        tapRef.current = cell;
        return;
      }
      event.preventDefault(); // no text selection while dragging; focus is moved by hand
      (event.target as HTMLElement).focus({ preventScroll: true });
      const drag: Drag = { anchor: cell, last: cell, select: !cells.has(cell), base: cells };
      dragRef.current = drag;
      setActive(true);
      onCellsChange(paintRectangle(drag, cell));
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const drag = dragRef.current;
      const cell = cellOf(event.target);
      if (!drag || cell === null || cell === drag.last) return;
      drag.last = cell;
      onCellsChange(paintRectangle(drag, cell));
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      const cell = tapRef.current;
      tapRef.current = null;
      if (event.pointerType !== "touch" || cell === null || cellOf(event.target) !== cell) return;
      const next = new Set(cells);
      if (!next.delete(cell)) next.add(cell);
      onCellsChange(next);
    },
    onPointerCancel() {
      tapRef.current = null;
    },
  };
  return { active, handlers };
}
