// The end of every open watch (kube's per-watch timeout timer in watch.go), kept for all of them by
// one timer: a watch holds no timer, no closure and no timers-list entry of its own while idle.

/** Something that ends at `due` (performance.now() ms); `heapIndex` belongs to the Deadlines that holds it. */
export interface Expiring {
  due: number;
  heapIndex: number;
  expire(): void;
}

/** The longest delay Node's setTimeout takes (2^31 − 1 ms); a longer one fires at once. */
const maxTimerMs = 2 ** 31 - 1;

/**
 * A binary min-heap of deadlines under one unref'd timer, armed for the earliest. Adding and
 * removing are O(log n); a deadline past Node's longest timer waits in steps, as Go's timer would
 * not need to. Expired items are removed before `expire()` is called.
 */
export class Deadlines<T extends Expiring> {
  private readonly heap: T[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When the armed timer fires (performance.now() ms); Infinity when none is armed. */
  private timerAt = Infinity;

  get size(): number {
    return this.heap.length;
  }

  add(item: T, due: number): void {
    item.due = due;
    item.heapIndex = this.heap.length;
    this.heap.push(item);
    this.up(item.heapIndex);
    if (due < this.timerAt) this.arm();
  }

  remove(item: T): void {
    const i = item.heapIndex;
    if (i < 0 || this.heap[i] !== item) return;
    item.heapIndex = -1;
    const last = this.heap.pop()!;
    if (i === this.heap.length) return;
    this.heap[i] = last;
    last.heapIndex = i;
    this.down(i);
    this.up(last.heapIndex);
    // The timer stays armed for the removed item: it then finds nothing due and re-arms.
  }

  private arm(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Infinity;
    const first = this.heap[0];
    if (first === undefined) return;
    const wait = Math.min(Math.max(first.due - performance.now(), 0), maxTimerMs);
    this.timerAt = performance.now() + wait;
    this.timer = setTimeout(() => this.fire(), wait);
    this.timer.unref();
  }

  private fire(): void {
    this.timer = undefined;
    this.timerAt = Infinity;
    const now = performance.now();
    for (;;) {
      const first = this.heap[0];
      if (first === undefined || first.due > now) break;
      this.remove(first);
      first.expire();
    }
    if (this.timer === undefined) this.arm();
  }

  private up(i: number): void {
    const h = this.heap;
    const item = h[i]!;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const parent = h[p]!;
      if (parent.due <= item.due) break;
      h[i] = parent;
      parent.heapIndex = i;
      i = p;
    }
    h[i] = item;
    item.heapIndex = i;
  }

  private down(i: number): void {
    const h = this.heap;
    const n = h.length;
    const item = h[i]!;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && h[c + 1]!.due < h[c]!.due) c++;
      const child = h[c]!;
      if (child.due >= item.due) break;
      h[i] = child;
      child.heapIndex = i;
      i = c;
    }
    h[i] = item;
    item.heapIndex = i;
  }
}
