// Behaviour of k8s.io/apiserver/pkg/storage/cacher/time_budget.go (v1.33): how long dispatch may wait for slow watchers.

/** kube's refreshPerSecond: the budget grows by 50 ms per second of wall time. */
export const budgetRefreshPerSecondMs = 50;
/** kube's maxBudget. */
export const maxBudgetMs = 100;

/**
 * A budget of time that refills with wall time: take what is available before waiting, return what
 * the wait did not use. One dispatcher uses it, so there is no sharing to arbitrate.
 */
export class TimeBudget {
  private budget = 0;
  private last: number;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly refreshPerSecondMs = budgetRefreshPerSecondMs,
    private readonly maxMs = maxBudgetMs,
  ) {
    this.last = now();
  }

  /** Everything accumulated so far (at most the maximum); the budget is then empty. */
  takeAvailable(): number {
    const now = this.now();
    const acc = Math.max(0, ((now - this.last) / 1000) * this.refreshPerSecondMs);
    this.budget = Math.min(this.maxMs, this.budget + acc);
    this.last = now;
    const out = this.budget;
    this.budget = 0;
    return out;
  }

  /** Gives back time a wait did not use; nothing when it overran. */
  returnUnused(unusedMs: number): void {
    if (unusedMs < 0) return;
    this.budget = Math.min(this.maxMs, this.budget + unusedMs);
  }
}
