import { describe, expect, it } from 'vitest';
import { budgetRefreshPerSecondMs, maxBudgetMs, TimeBudget } from './time-budget.ts';

describe('TimeBudget (kube TestTimeBudget)', () => {
  it('refills with wall time up to the maximum, keeps what is returned, ignores overruns and clock jumps back', () => {
    let now = 1_000_000;
    const budget = new TimeBudget(() => now, 50, 200);
    expect(budget.takeAvailable()).toBe(0);
    now += 10_000;
    expect(budget.takeAvailable(), 'capped at the maximum').toBe(200);
    now += 2_000;
    expect(budget.takeAvailable(), 'two seconds of refill').toBe(100);
    budget.returnUnused(50);
    expect(budget.takeAvailable()).toBe(50);
    budget.returnUnused(-50);
    expect(budget.takeAvailable(), 'an overrun returns nothing').toBe(0);
    now -= 120_000;
    expect(budget.takeAvailable(), 'a clock going back adds nothing').toBe(0);
    now += 600_000;
    expect(budget.takeAvailable()).toBe(200);
    budget.returnUnused(10_000);
    now -= 120_000;
    expect(budget.takeAvailable(), 'returned time is capped too').toBe(200);
  });

  it("has kube's defaults: 50 ms per second, 100 ms at most", () => {
    expect([budgetRefreshPerSecondMs, maxBudgetMs]).toEqual([50, 100]);
    let now = 0;
    const budget = new TimeBudget(() => now);
    now += 60_000;
    expect(budget.takeAvailable()).toBe(100);
  });
});
