// Ports TestCelCostStability and TestCelEstimatedCostStability of
// k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/celcoststability_test.go (v0.33): the runtime and estimated
// cost of each rule must equal kube's (cases kube builds from Go struct literals are not extracted).
import { describe, expect, it } from 'vitest';
import { estimatedCost, runtimeCost, sameCost, stability } from './cost-stability-runner.ts';
import { estimatedCostDifferences, runtimeCostDifferences } from './fixtures/cost-stability-known-differences.ts';

for (const [kind, known, measure] of [
  ['runtime', runtimeCostDifferences, runtimeCost],
  ['estimated', estimatedCostDifferences, estimatedCost],
] as const) {
  describe(`TestCel${kind === 'runtime' ? '' : 'Estimated'}CostStability`, () => {
    for (const c of stability[kind]) {
      describe(c.name, () => {
        for (const { expr, cost } of c.costs) {
          const id = `${c.name} :: ${expr}`;
          const check = () => expect(sameCost(measure(c, expr), cost), `${expr}: got ${measure(c, expr)}, kube ${cost}`).toBe(true);
          if (known.has(id)) it.fails(`${expr} (known difference)`, check);
          else it(expr, check);
        }
      });
    }
  });
}
