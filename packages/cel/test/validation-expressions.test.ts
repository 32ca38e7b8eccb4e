// Ports TestValidationExpressions of k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/validation_test.go
// (v0.33): rules kube accepts on an object (with their cost or skipping where the case says so), and rules whose
// errors must contain kube's text. Cases kube builds from Go struct literals are not extracted.
import { describe, expect, it } from 'vitest';
import { checkError, checkValid, expressionCases } from './validation-expressions-runner.ts';
import { validationExpressionDifferences } from './fixtures/validation-expressions-known-differences.ts';

describe('TestValidationExpressions', () => {
  for (const c of expressionCases) {
    describe(c.name, () => {
      const cases: [string, () => string][] = [
        ...c.valid.map((rule): [string, () => string] => [rule, () => checkValid(c, rule)]),
        ...Object.entries(c.errors ?? {}).map(([rule, want]): [string, () => string] => [rule, () => checkError(c, rule, want)]),
      ];
      for (const [rule, run] of cases) {
        const check = () => expect(run()).toBe('');
        if (validationExpressionDifferences.has(`${c.name} :: ${rule}`)) it.fails(`${rule} (known difference)`, check);
        else it(rule, check);
      }
    });
  }
});
