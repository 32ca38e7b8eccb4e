// Follows cel-go interpreter/runtimecost.go (v0.23, as used by k8s.io/apiserver v0.33): runtime cost tracking.
// @bufbuild/cel has no cost hooks, so each evaluated AST node is wrapped in a call to a tracking function (see
// instrument.ts) that records the node's value and charges its cost here.
import type { CelValue } from '@bufbuild/cel';

/** The error cel-go raises when a program exceeds its cost limit. */
export const costLimitExceededMessage = 'operation cancelled: actual cost limit exceeded';

/** How one instrumented node is charged. */
export interface NodeCost {
  /** Fixed cost (identifiers and selections 1, list literals 10, map literals 30). */
  readonly base: number;
  /** For calls: the function, and the keys of its operands (target first) whose values price the call. */
  readonly call?: { readonly fn: string; readonly operands: readonly number[] };
}

/** Per-program instrumentation data: node costs and the sizes of constant operands. */
export interface CostTable {
  readonly nodes: ReadonlyMap<number, NodeCost>;
  readonly constants: ReadonlyMap<number, CelValue>;
}

/** The cost of one running evaluation. */
export class CostTracker {
  cost = 0;
  exceeded = false;
  /** The last value of each instrumented node in this evaluation. */
  readonly values = new Map<number, CelValue>();
  table: CostTable | undefined;
  constructor(readonly limit: number) {}
}

let current: CostTracker | undefined;

/** The tracker of the running evaluation, if any. */
export function currentCostTracker(): CostTracker | undefined {
  return current;
}

/** Runs `f` with `tracker` receiving the cost charged by evaluation. */
export function withCostTracker<R>(tracker: CostTracker, f: () => R): R {
  const saved = current;
  current = tracker;
  try {
    return f();
  } finally {
    current = saved;
  }
}

/** Charges `n` cost units to the running evaluation; throws once the limit is exceeded. */
export function chargeCost(n: number): void {
  const t = current;
  if (t === undefined) return;
  t.cost += n;
  if (t.cost > t.limit) {
    t.exceeded = true;
    throw new Error(costLimitExceededMessage);
  }
}
