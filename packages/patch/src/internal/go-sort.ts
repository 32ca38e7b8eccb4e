// Behaviour of Go's sort.Sort (pattern-defeating quicksort) and sort.SliceStable (insertion sort
// blocks + SymMerge), step for step. Upstream sorts list items with comparators that are not strict
// orders (`a <= b`, "not found sorts first"), so where equal items land depends on the exact
// algorithm: these ports make kapi order them as kube-apiserver and kubectl do.

type Less<T> = (a: T, b: T) => boolean;

function swap<T>(d: T[], i: number, j: number): void {
  const t = d[i]!;
  d[i] = d[j]!;
  d[j] = t;
}

function insertionSort<T>(d: T[], less: Less<T>, a: number, b: number): void {
  for (let i = a + 1; i < b; i++) {
    for (let j = i; j > a && less(d[j]!, d[j - 1]!); j--) swap(d, j, j - 1);
  }
}

function siftDown<T>(d: T[], less: Less<T>, lo: number, hi: number, first: number): void {
  let root = lo;
  for (;;) {
    let child = 2 * root + 1;
    if (child >= hi) return;
    if (child + 1 < hi && less(d[first + child]!, d[first + child + 1]!)) child++;
    if (!less(d[first + root]!, d[first + child]!)) return;
    swap(d, first + root, first + child);
    root = child;
  }
}

function heapSort<T>(d: T[], less: Less<T>, a: number, b: number): void {
  const first = a;
  const hi = b - a;
  for (let i = Math.trunc((hi - 1) / 2); i >= 0; i--) siftDown(d, less, i, hi, first);
  for (let i = hi - 1; i >= 0; i--) {
    swap(d, first, first + i);
    siftDown(d, less, 0, i, first);
  }
}

/** bits.Len: the number of bits needed to represent n. */
const bitsLen = (n: number) => 32 - Math.clz32(n);

const unknownHint = 0;
const increasingHint = 1;
const decreasingHint = 2;

function pdqsort<T>(d: T[], less: Less<T>, a: number, b: number, limit: number): void {
  let wasBalanced = true;
  let wasPartitioned = true;
  for (;;) {
    const length = b - a;
    if (length <= 12) {
      insertionSort(d, less, a, b);
      return;
    }
    if (limit === 0) {
      heapSort(d, less, a, b);
      return;
    }
    if (!wasBalanced) {
      breakPatterns(d, a, b);
      limit--;
    }
    let [pivot, hint] = choosePivot(d, less, a, b);
    if (hint === decreasingHint) {
      reverseRange(d, a, b);
      pivot = b - 1 - (pivot - a);
      hint = increasingHint;
    }
    if (wasBalanced && wasPartitioned && hint === increasingHint && partialInsertionSort(d, less, a, b)) return;
    if (a > 0 && !less(d[a - 1]!, d[pivot]!)) {
      a = partitionEqual(d, less, a, b, pivot);
      continue;
    }
    const [mid, alreadyPartitioned] = partition(d, less, a, b, pivot);
    wasPartitioned = alreadyPartitioned;
    const leftLen = mid - a;
    const rightLen = b - mid;
    const balanceThreshold = Math.trunc(length / 8);
    if (leftLen < rightLen) {
      wasBalanced = leftLen >= balanceThreshold;
      pdqsort(d, less, a, mid, limit);
      a = mid + 1;
    } else {
      wasBalanced = rightLen >= balanceThreshold;
      pdqsort(d, less, mid + 1, b, limit);
      b = mid;
    }
  }
}

function partition<T>(d: T[], less: Less<T>, a: number, b: number, pivot: number): [number, boolean] {
  swap(d, a, pivot);
  let i = a + 1;
  let j = b - 1;
  while (i <= j && less(d[i]!, d[a]!)) i++;
  while (i <= j && !less(d[j]!, d[a]!)) j--;
  if (i > j) {
    swap(d, j, a);
    return [j, true];
  }
  swap(d, i, j);
  i++;
  j--;
  for (;;) {
    while (i <= j && less(d[i]!, d[a]!)) i++;
    while (i <= j && !less(d[j]!, d[a]!)) j--;
    if (i > j) break;
    swap(d, i, j);
    i++;
    j--;
  }
  swap(d, j, a);
  return [j, false];
}

function partitionEqual<T>(d: T[], less: Less<T>, a: number, b: number, pivot: number): number {
  swap(d, a, pivot);
  let i = a + 1;
  let j = b - 1;
  for (;;) {
    while (i <= j && !less(d[a]!, d[i]!)) i++;
    while (i <= j && less(d[a]!, d[j]!)) j--;
    if (i > j) break;
    swap(d, i, j);
    i++;
    j--;
  }
  return i;
}

function partialInsertionSort<T>(d: T[], less: Less<T>, a: number, b: number): boolean {
  const maxSteps = 5;
  const shortestShifting = 50;
  let i = a + 1;
  for (let step = 0; step < maxSteps; step++) {
    while (i < b && !less(d[i]!, d[i - 1]!)) i++;
    if (i === b) return true;
    if (b - a < shortestShifting) return false;
    swap(d, i, i - 1);
    if (i - a >= 2) {
      for (let j = i - 1; j >= 1; j--) {
        if (!less(d[j]!, d[j - 1]!)) break;
        swap(d, j, j - 1);
      }
    }
    if (b - i >= 2) {
      for (let j = i + 1; j < b; j++) {
        if (!less(d[j]!, d[j - 1]!)) break;
        swap(d, j, j - 1);
      }
    }
  }
  return false;
}

const mask64 = (1n << 64n) - 1n;

/** breakPatterns' xorshift64 with Go 1.24's shifts (13, 7, 17); Go 1.19-1.23 used (13, 17, 5). */
function breakPatterns<T>(d: T[], a: number, b: number): void {
  const length = b - a;
  if (length < 8) return;
  let random = BigInt(length);
  const modulus = 2 ** bitsLen(length);
  const start = a + Math.trunc(length / 4) * 2 - 1;
  for (let idx = start; idx <= start + 2; idx++) {
    random ^= (random << 13n) & mask64;
    random ^= random >> 7n;
    random ^= (random << 17n) & mask64;
    let other = Number(random & BigInt(modulus - 1));
    if (other >= length) other -= length;
    swap(d, idx, a + other);
  }
}

function choosePivot<T>(d: T[], less: Less<T>, a: number, b: number): [number, number] {
  const shortestNinther = 50;
  const maxSwaps = 4 * 3;
  const l = b - a;
  const swaps = { n: 0 };
  let i = a + Math.trunc(l / 4) * 1;
  let j = a + Math.trunc(l / 4) * 2;
  let k = a + Math.trunc(l / 4) * 3;
  if (l >= 8) {
    if (l >= shortestNinther) {
      i = median(d, less, i - 1, i, i + 1, swaps);
      j = median(d, less, j - 1, j, j + 1, swaps);
      k = median(d, less, k - 1, k, k + 1, swaps);
    }
    j = median(d, less, i, j, k, swaps);
  }
  return [j, swaps.n === 0 ? increasingHint : swaps.n === maxSwaps ? decreasingHint : unknownHint];
}

function order2<T>(d: T[], less: Less<T>, a: number, b: number, swaps: { n: number }): [number, number] {
  if (less(d[b]!, d[a]!)) {
    swaps.n++;
    return [b, a];
  }
  return [a, b];
}

function median<T>(d: T[], less: Less<T>, a: number, b: number, c: number, swaps: { n: number }): number {
  const [a1, b1] = order2(d, less, a, b, swaps);
  const [b2] = order2(d, less, b1, c, swaps);
  return order2(d, less, a1, b2, swaps)[1];
}

function reverseRange<T>(d: T[], a: number, b: number): void {
  for (let i = a, j = b - 1; i < j; i++, j--) swap(d, i, j);
}

/** sort.Sort: unstable, in place, with Go's exact sequence of comparisons and swaps. */
export function goSort<T>(d: T[], less: Less<T>): T[] {
  const n = d.length;
  if (n > 1) pdqsort(d, less, 0, n, bitsLen(n));
  return d;
}

function swapRange<T>(d: T[], a: number, b: number, n: number): void {
  for (let i = 0; i < n; i++) swap(d, a + i, b + i);
}

function rotate<T>(d: T[], a: number, m: number, b: number): void {
  let i = m - a;
  let j = b - m;
  while (i !== j) {
    if (i > j) {
      swapRange(d, m - i, m, j);
      i -= j;
    } else {
      swapRange(d, m - i, m + j - i, i);
      j -= i;
    }
  }
  swapRange(d, m - i, m, i);
}

function symMerge<T>(d: T[], less: Less<T>, a: number, m: number, b: number): void {
  if (m - a === 1) {
    let i = m;
    let j = b;
    while (i < j) {
      const h = (i + j) >>> 1;
      if (less(d[h]!, d[a]!)) i = h + 1;
      else j = h;
    }
    for (let k = a; k < i - 1; k++) swap(d, k, k + 1);
    return;
  }
  if (b - m === 1) {
    let i = a;
    let j = m;
    while (i < j) {
      const h = (i + j) >>> 1;
      if (!less(d[m]!, d[h]!)) i = h + 1;
      else j = h;
    }
    for (let k = m; k > i; k--) swap(d, k, k - 1);
    return;
  }
  const mid = (a + b) >>> 1;
  const n = mid + m;
  let start: number;
  let r: number;
  if (m > mid) {
    start = n - b;
    r = mid;
  } else {
    start = a;
    r = m;
  }
  const p = n - 1;
  while (start < r) {
    const c = (start + r) >>> 1;
    if (!less(d[p - c]!, d[c]!)) start = c + 1;
    else r = c;
  }
  const end = n - start;
  if (start < m && m < end) rotate(d, start, m, end);
  if (a < start && start < mid) symMerge(d, less, a, start, mid);
  if (mid < end && end < b) symMerge(d, less, mid, end, b);
}

/** sort.SliceStable: in place, with Go's exact sequence of comparisons and swaps. */
export function goSortStable<T>(d: T[], less: Less<T>): T[] {
  const n = d.length;
  let blockSize = 20;
  let a = 0;
  let b = blockSize;
  while (b <= n) {
    insertionSort(d, less, a, b);
    a = b;
    b += blockSize;
  }
  insertionSort(d, less, a, n);
  while (blockSize < n) {
    a = 0;
    b = 2 * blockSize;
    while (b <= n) {
      symMerge(d, less, a, a + blockSize, b);
      a = b;
      b += 2 * blockSize;
    }
    const m = a + blockSize;
    if (m < n) symMerge(d, less, a, m, n);
    blockSize *= 2;
  }
  return d;
}
