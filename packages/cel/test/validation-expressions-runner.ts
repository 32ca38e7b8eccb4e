// Runner for TestValidationExpressions of k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/validation_test.go
// (v0.33), extracted to fixtures/kube-validation-expressions.json: rules that must pass on an object, and rules whose
// every error must contain a given text.
import { readFileSync } from 'node:fs';
import { fieldErrorString } from '@kapi/apimachinery';
import { compileSchemaRules, runtimeCELCostBudget, validateRules, type CelSchema } from '../src/index.ts';

export interface ExpressionsCase {
  readonly name: string;
  readonly schema: CelSchema;
  readonly obj?: unknown;
  readonly oldObj?: unknown;
  readonly valid: readonly string[];
  readonly errors?: Readonly<Record<string, string>>;
  readonly costBudget?: number;
  readonly expectedCost?: number;
  readonly isRoot?: boolean;
  readonly expectSkipped?: boolean;
}

export const expressionCases = JSON.parse(readFileSync(new URL('./fixtures/kube-validation-expressions.json', import.meta.url), 'utf8'), (_k, v: unknown) =>
  v !== null && typeof v === 'object' && '$int' in v ? BigInt((v as { $int: string }).$int) : v,
) as ExpressionsCase[];

/** Runs a rule kube accepts; returns '' or what went wrong. */
export function checkValid(c: ExpressionsCase, rule: string): string {
  const budget = c.costBudget ?? runtimeCELCostBudget;
  const compiled = compileSchemaRules({ ...c.schema, 'x-kubernetes-validations': [{ rule }] }, { isResourceRoot: c.isRoot ?? false, suppressPerExpressionCost: true });
  const r = validateRules(compiled.rules, c.obj, c.oldObj, { fieldPath: 'root', costBudget: budget });
  if (r.errors.length) return r.errors.map(fieldErrorString).join('; ');
  if (c.expectedCost !== undefined && budget - r.remainingBudget !== c.expectedCost) return `cost ${budget - r.remainingBudget}, kube ${c.expectedCost}`;
  if (c.expectSkipped && r.remainingBudget !== budget) return `skipped rule cost ${budget - r.remainingBudget}`;
  return '';
}

/** Runs a rule kube rejects; returns '' when every error is Invalid and contains `want`. */
export function checkError(c: ExpressionsCase, rule: string, want: string): string {
  const compiled = compileSchemaRules({ ...c.schema, 'x-kubernetes-validations': [{ rule }] }, { isResourceRoot: true, suppressPerExpressionCost: true });
  const r = validateRules(compiled.rules, c.obj, c.oldObj, { fieldPath: 'root', costBudget: c.costBudget ?? runtimeCELCostBudget });
  if (r.errors.length === 0) return 'no errors';
  const bad = r.errors.map(fieldErrorString).filter((e, i) => r.errors[i]!.type !== 'FieldValueInvalid' || !e.includes(want));
  return bad.join('; ');
}
