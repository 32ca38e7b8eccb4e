// Runner for the cases of TestCelCostStability and TestCelEstimatedCostStability of
// k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/celcoststability_test.go (v0.33), extracted to
// fixtures/kube-cost-stability-cases.json: one rule on the schema's root, its runtime cost on the object and its
// estimated cost.
import { readFileSync } from 'node:fs';
import { compileSchemaRules, runtimeCELCostBudget, validateRules, type CelSchema } from '../src/index.ts';
import { fieldErrorString } from '@kapi/apimachinery';

export interface StabilityCase {
  readonly name: string;
  readonly schema: CelSchema;
  readonly obj: unknown;
  readonly costs: readonly { readonly expr: string; readonly cost: string }[];
}

export const stability = JSON.parse(readFileSync(new URL('./fixtures/kube-cost-stability-cases.json', import.meta.url), 'utf8'), (_k, v: unknown) =>
  v !== null && typeof v === 'object' && '$int' in v ? BigInt((v as { $int: string }).$int) : v,
) as { runtime: StabilityCase[]; estimated: StabilityCase[] };

/** The runtime cost of `rule` on `obj`, or a description of what went wrong. */
export function runtimeCost(c: StabilityCase, rule: string): number | string {
  const compiled = compileSchemaRules({ ...c.schema, 'x-kubernetes-validations': [{ rule }] }, { isResourceRoot: true, suppressPerExpressionCost: true });
  const r = compiled.rules?.rules[0];
  if (r?.error) return `compile: ${r.error}`;
  const v = validateRules(compiled.rules, c.obj, undefined, { fieldPath: 'root' });
  if (v.errors.length) return `errors: ${v.errors.map(fieldErrorString).join('; ')}`;
  return runtimeCELCostBudget - v.remainingBudget;
}

/** The estimated cost of `rule` on the schema, or a description of what went wrong. */
export function estimatedCost(c: StabilityCase, rule: string): number | string {
  const compiled = compileSchemaRules({ ...c.schema, 'x-kubernetes-validations': [{ rule }] }, { isResourceRoot: false, suppressPerExpressionCost: true });
  const r = compiled.rules?.rules[0];
  if (!r || r.error) return `compile: ${r?.error}`;
  return r.maxCost;
}

/** Whether a computed cost matches kube's (costs at or above 2^60 count as cel-go's saturated maximum). */
export function sameCost(got: number | string, want: string): boolean {
  if (typeof got !== 'number') return false;
  const w = Number(want);
  if (w >= 2 ** 60) return got >= 2 ** 60;
  return got === w;
}
