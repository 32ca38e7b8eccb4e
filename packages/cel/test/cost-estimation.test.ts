// Ports TestCostEstimation of k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/compilation_test.go (v0.33):
// the estimated cost of one rule on generated schemas, without and with maxItems / maxProperties / maxLength.
// Cases extracted to fixtures/kube-cost-estimation-cases.json.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { compileSchemaRules, type CelSchema } from '../src/index.ts';

interface CostCase {
  readonly name: string;
  readonly generator: string;
  readonly args: readonly (string | { item: string })[];
  readonly expectedCalcCost?: number;
  readonly expectCalcCostExceedsLimit?: number;
  readonly setMaxElements?: number;
  readonly expectedSetCost?: number;
  readonly expectedSetCostExceedsLimit?: number;
}

const cases = JSON.parse(readFileSync(new URL('./fixtures/kube-cost-estimation-cases.json', import.meta.url), 'utf8')) as CostCase[];

function elementType(t: string): CelSchema {
  if (t === 'duration' || t === 'date' || t === 'date-time') return { type: 'string', format: t };
  if (t === 'int-or-string') return { 'x-kubernetes-int-or-string': true };
  return { type: t };
}

const rules = (rule: string) => ({ 'x-kubernetes-validations': [{ rule }] });
const opt = <K extends string>(k: K, v: number | undefined) => (v === undefined ? {} : ({ [k]: v } as Record<K, number>));
const objectForMap: CelSchema = { type: 'object', required: ['required'], properties: { required: { type: 'string' }, optional: { type: 'string' } } };
const items: Record<string, CelSchema> = {
  genObjectForMap: objectForMap,
  genArrayForMap: { type: 'array', items: { type: 'number' } },
  genMapForMap: { type: 'object', additionalProperties: { type: 'number' } },
};

/** The schema generators of compilation_test.go. */
function generate(c: CostCase, max: number | undefined): CelSchema {
  const [a0, a1, ...rest] = c.args;
  switch (c.generator) {
    case 'genArrayWithRule':
      return { type: 'array', items: elementType(a0 as string), ...opt('maxItems', max), ...rules(a1 as string) };
    case 'genArrayOfArraysWithRule':
      return { type: 'array', items: { type: 'array', items: { type: a0 as string } }, ...opt('maxItems', max), ...rules(a1 as string) };
    case 'genObjectArrayWithRule':
      return { type: 'array', items: objectForMap, ...opt('maxItems', max), ...rules(a0 as string) };
    case 'genMapWithRule':
      return { type: 'object', additionalProperties: elementType(a0 as string), ...opt('maxProperties', max), ...rules(a1 as string) };
    case 'genMapWithCustomItemRule':
      return { type: 'object', additionalProperties: items[(a0 as { item: string }).item]!, ...opt('maxProperties', max), ...rules(a1 as string) };
    case 'genStringWithRule':
      return { type: 'string', ...opt('maxLength', max), ...rules(a0 as string) };
    case 'genBytesWithRule':
      return { type: 'string', format: 'byte', ...opt('maxLength', max), ...rules(a0 as string) };
    case 'genEnumWithRuleAndValues':
      return { type: 'string', enum: [a1, ...rest] as string[], ...opt('maxLength', max), ...rules(a0 as string) };
    case 'genNestedSpecWithRule':
      return { type: 'object', additionalProperties: { type: 'string', ...opt('maxLength', max) }, ...opt('maxProperties', max), ...rules(a0 as string) };
    case 'getMapArrayWithRule':
      return { type: 'array', items: { type: 'object', additionalProperties: { type: a0 as string } }, ...opt('maxItems', max), ...rules(a1 as string) };
    case 'genAllMaxNestedSpecWithRootRule':
    case 'genOneMaxNestedSpecWithRootRule': {
      // "all" bounds every level; "one" only the middle map's maxProperties
      const all = c.generator === 'genAllMaxNestedSpecWithRootRule';
      return {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: { ...objectForMap, ...(all ? opt('maxProperties', max) : {}) },
          ...opt('maxProperties', max),
        },
        ...(all ? opt('maxItems', max) : {}),
        ...rules(a0 as string),
      };
    }
  }
  throw new Error(`unknown generator ${c.generator}`);
}

function maxCost(schema: CelSchema): number {
  const r = compileSchemaRules(schema, { isResourceRoot: false, suppressPerExpressionCost: true });
  const rule = r.rules!.rules[0]!;
  expect(rule.error).toBeUndefined();
  return rule.maxCost;
}

/** Cases whose estimate differs from cel-go's (see README). */
export const knownCostDifferences: ReadonlySet<string> = new Set<string>([]);

describe('TestCostEstimation', () => {
  for (const c of cases) {
    const run = () => {
      if (c.expectedCalcCost) expect(maxCost(generate(c, undefined)), 'calculated cost').toBe(c.expectedCalcCost);
      if (c.expectCalcCostExceedsLimit) expect(maxCost(generate(c, undefined))).toBeGreaterThanOrEqual(c.expectCalcCostExceedsLimit);
      if (c.expectedSetCost) expect(maxCost(generate(c, c.setMaxElements)), 'cost with max elements set').toBe(c.expectedSetCost);
      if (c.expectedSetCostExceedsLimit) expect(maxCost(generate(c, c.setMaxElements))).toBeGreaterThanOrEqual(c.expectedSetCostExceedsLimit);
    };
    if (knownCostDifferences.has(c.name)) it.fails(`${c.name} (known difference)`, run);
    else it(c.name, run);
  }
});
