// Pointer-event drag and drop (mouse, pen and touch alike). The dragged element follows the pointer via a
// transform; on release the drop target is found by hit-testing under the pointer. A press that does not
// move past the threshold is left alone, so it stays an ordinary click (the keyboard/click path).

export interface DragOptions {
  /** CSS selector of elements that accept this drag (e.g. highlighted heroes). */
  dropSelector: string;
  onDrop: (target: HTMLElement) => void;
  onStart?: () => void;
  onEnd?: () => void;
  threshold?: number;
}

const HOVER_CLASS = "drop-hover";

export function beginDrag(e: PointerEvent, opts: DragOptions): void {
  if (e.button !== 0) return;
  const el = e.currentTarget as HTMLElement;
  const x0 = e.clientX;
  const y0 = e.clientY;
  const threshold = opts.threshold ?? 6;
  let dragging = false;
  let hover: HTMLElement | null = null;
  el.setPointerCapture?.(e.pointerId);

  const targetAt = (x: number, y: number): HTMLElement | null => {
    // elementsFromPoint, skipping the dragged card itself, which sits under the pointer.
    for (const hit of document.elementsFromPoint(x, y)) {
      if (el.contains(hit)) continue;
      return hit.closest(opts.dropSelector) as HTMLElement | null;
    }
    return null;
  };

  const move = (ev: PointerEvent) => {
    const dx = ev.clientX - x0;
    const dy = ev.clientY - y0;
    if (!dragging && Math.hypot(dx, dy) < threshold) return;
    if (!dragging) {
      dragging = true;
      el.classList.add("dragging");
      opts.onStart?.();
    }
    el.style.transform = `translate(${dx}px, ${dy}px)`;
    const t = targetAt(ev.clientX, ev.clientY);
    if (t !== hover) {
      hover?.classList.remove(HOVER_CLASS);
      t?.classList.add(HOVER_CLASS);
      hover = t;
    }
  };

  const up = (ev: PointerEvent) => {
    el.removeEventListener("pointermove", move);
    el.removeEventListener("pointerup", up);
    el.removeEventListener("pointercancel", cancel);
    hover?.classList.remove(HOVER_CLASS);
    if (!dragging) return;
    el.classList.remove("dragging");
    el.style.transform = "";
    // Swallow the click that follows a drag so it does not also select the card.
    const swallow = (c: Event) => c.stopPropagation();
    el.addEventListener("click", swallow, { capture: true, once: true });
    setTimeout(() => el.removeEventListener("click", swallow, { capture: true }), 100);
    const t = ev.type === "pointerup" ? targetAt(ev.clientX, ev.clientY) : null;
    opts.onEnd?.();
    if (t) opts.onDrop(t);
  };
  const cancel = (ev: PointerEvent) => up(ev);

  el.addEventListener("pointermove", move);
  el.addEventListener("pointerup", up);
  el.addEventListener("pointercancel", cancel);
}
