// CRD rule compilation and validation, ported from k8s.io/apiextensions-apiserver v0.33:
// pkg/apiserver/schema/cel/compilation_test.go (TestCelCompilation, selected cases), validation_test.go
// (TestMessageExpression, TestReasonAndFldPath, TestCELValidationLimit, transition rules, optionalOldSelf) and the
// CEL checks of pkg/apis/apiextensions/validation/validation.go (error texts and paths).
import { describe, expect, it } from 'vitest';
import { fieldErrorString, type FieldError } from '@kapi/apimachinery';
import { compileSchemaRules, runtimeCELCostBudget, validateRules, type CelSchema, type ValidationRule } from '../src/index.ts';

const obj = (properties: Record<string, CelSchema>, rules?: ValidationRule[]): CelSchema => ({
  type: 'object',
  properties,
  ...(rules ? { 'x-kubernetes-validations': rules } : {}),
});
const int: CelSchema = { type: 'integer' };
const str: CelSchema = { type: 'string' };
const strings = (errs: readonly FieldError[]) => errs.map(fieldErrorString);

describe('compilation (TestCelCompilation and CRD validation)', () => {
  it('reports compile errors with kube path, rule value and cel-go text', () => {
    const r = compileSchemaRules(obj({ spec: obj({ replicas: int }, [{ rule: 'self.replicas > 0 && self.foo' }]) }));
    expect(r.errors).toHaveLength(1);
    const e = r.errors[0]!;
    expect(e.type).toBe('FieldValueInvalid');
    expect(e.field).toBe('spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule');
    expect(e.badValue).toEqual({ Rule: 'self.replicas > 0 && self.foo', Message: '', MessageExpression: '', Reason: null, FieldPath: '', OptionalOldSelf: null });
    expect(e.detail).toBe("compilation failed: ERROR: <input>:1:26: undefined field 'foo'\n | self.replicas > 0 && self.foo\n | .........................^");
  });

  it('invalid checking for number: size(self) on a number', () => {
    const r = compileSchemaRules({ type: 'number', 'x-kubernetes-validations': [{ rule: 'size(self) == 10' }] }, { rootPath: 'schema' });
    expect(strings(r.errors)[0]).toContain("compilation failed: ERROR: <input>:1:5: found no matching overload for 'size' applied to '(double)'");
  });

  it('valid and invalid escaping', () => {
    const s = (rule: string): CelSchema => ({
      type: 'object',
      properties: { namespace: { type: 'array', items: { type: 'string' } }, if: int, self: int },
      'x-kubernetes-validations': [{ rule }],
    });
    for (const rule of ['size(self.__namespace__[0]) == 10', 'self.__if__ == 10', 'self.self == 10']) {
      expect(compileSchemaRules(s(rule), { isResourceRoot: false }).errors, rule).toEqual([]);
    }
    expect(strings(compileSchemaRules(s('size(self.namespace[0]) == 10'), { isResourceRoot: false }).errors)[0]).toContain('compilation failed');
    expect(strings(compileSchemaRules(s('self == 10'), { isResourceRoot: false }).errors)[0]).toContain('found no matching overload');
  });

  it('transition rule identified', () => {
    const r = compileSchemaRules({ type: 'integer', 'x-kubernetes-validations': [{ rule: 'self > 0' }, { rule: 'self >= oldSelf' }] }, { isResourceRoot: false });
    expect(r.rules!.rules.map((c) => c.usesOldSelf)).toEqual([false, true]);
  });

  it('whitespace-only rule is Required', () => {
    const r = compileSchemaRules(obj({}, [{ rule: ' \t' }]), { rootPath: 'schema' });
    expect(strings(r.errors)).toEqual(['schema.x-kubernetes-validations[0].rule: Required value: rule is not specified']);
  });

  it('expression must evaluate to bool', () => {
    const r = compileSchemaRules(obj({}, [{ rule: '42' }]), { rootPath: 'schema' });
    expect(r.errors[0]!.detail).toBe('cel expression must evaluate to a bool');
  });

  it('messageExpression inclusion, type and syntax', () => {
    const ok = compileSchemaRules({ type: 'string', 'x-kubernetes-validations': [{ rule: "self.startsWith('s')", messageExpression: `"scoped field should start with 's'"` }] });
    expect(ok.errors).toEqual([]);
    expect(ok.rules!.rules[0]!.messageExpression).toBeDefined();
    const notString = compileSchemaRules({ type: 'integer', 'x-kubernetes-validations': [{ rule: 'self == 5', messageExpression: '42' }] }, { rootPath: 's' });
    expect(strings(notString.errors)).toEqual(['s.x-kubernetes-validations[0].messageExpression: Invalid value: {"Rule":"self == 5","Message":"","MessageExpression":"42","Reason":null,"FieldPath":"","OptionalOldSelf":null}: messageExpression must evaluate to a string']);
    const syntax = compileSchemaRules({ type: 'number', 'x-kubernetes-validations': [{ rule: 'self < 32.0', messageExpression: '"abc' }] });
    expect(syntax.errors[0]!.detail).toContain('messageExpression compilation failed');
  });

  it('undeclared functions are rejected', () => {
    const r = compileSchemaRules(obj({}, [{ rule: "fakeFunction('abc') == 'ABC'" }]));
    expect(r.errors[0]!.detail).toContain("undeclared reference to 'fakeFunction'");
  });

  it('optional primitive transition rule type checking', () => {
    const r = compileSchemaRules(
      {
        type: 'integer',
        'x-kubernetes-validations': [
          { rule: 'self >= oldSelf.value()', optionalOldSelf: true },
          { rule: 'self >= oldSelf.orValue(1)', optionalOldSelf: true },
          { rule: 'oldSelf.hasValue() ? self >= oldSelf.value() : true', optionalOldSelf: true },
          { rule: 'self >= oldSelf', optionalOldSelf: true },
          { rule: "self >= oldSelf.orValue('')", optionalOldSelf: true },
        ],
      },
      { isResourceRoot: false },
    );
    const c = r.rules!.rules;
    expect(c.slice(0, 3).map((x) => [x.error, x.usesOldSelf])).toEqual([
      [undefined, true],
      [undefined, true],
      [undefined, true],
    ]);
    expect(c[3]!.error).toContain('optional');
    expect(c[4]!.error).toContain('orValue');
  });

  it('rejects oldSelf on uncorrelatable parts with kube message', () => {
    const schema = obj({
      list: { type: 'array', items: obj({ name: str }, [{ rule: 'self.name == oldSelf.name' }]) },
      setList: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self == oldSelf' }] } },
      mapList: { type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'], items: obj({ name: str }, [{ rule: 'self.name == oldSelf.name' }]) },
    });
    const r = compileSchemaRules(schema, { suppressPerExpressionCost: true });
    expect(strings(r.errors.filter((e) => e.detail.startsWith('oldSelf'))).sort()).toEqual([
      'spec.validation.openAPIV3Schema.properties[list].items.x-kubernetes-validations[0].rule: Invalid value: "self.name == oldSelf.name": oldSelf cannot be used on the uncorrelatable portion of the schema within spec.validation.openAPIV3Schema.properties[list]',
      'spec.validation.openAPIV3Schema.properties[setList].items.x-kubernetes-validations[0].rule: Invalid value: "self == oldSelf": oldSelf cannot be used on the uncorrelatable portion of the schema within spec.validation.openAPIV3Schema.properties[setList]',
    ]);
  });

  it('optionalOldSelf may not be set without oldSelf', () => {
    const r = compileSchemaRules(obj({}, [{ rule: 'true', optionalOldSelf: true }]), { rootPath: 's' });
    expect(strings(r.errors)).toEqual(['s.x-kubernetes-validations[0].optionalOldSelf: Invalid value: true: may not be set if oldSelf is not used in rule']);
  });

  it('fieldPath must be valid', () => {
    const r = compileSchemaRules(obj({ a: str }, [{ rule: 'true', fieldPath: '.b' }]), { rootPath: 's' });
    expect(strings(r.errors)).toEqual(['s.x-kubernetes-validations[0].fieldPath: Invalid value: ".b": fieldPath must be a valid path']);
  });

  it('estimated cost above the limit is Forbidden with the factor', () => {
    const schema: CelSchema = {
      type: 'array',
      items: { type: 'array', items: { type: 'string' } },
      'x-kubernetes-validations': [{ rule: 'self.all(x, x.all(y, y.startsWith("a")))' }],
    };
    const r = compileSchemaRules(schema, { rootPath: 's', isResourceRoot: false });
    expect(strings(r.errors)).toContain(
      's.x-kubernetes-validations[0].rule: Forbidden: estimated rule cost exceeds budget by factor of more than 100x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)',
    );
    const bounded = compileSchemaRules({ ...schema, maxItems: 10, items: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 10 } } }, { isResourceRoot: false });
    expect(bounded.errors).toEqual([]);
  });
});

describe('validation', () => {
  const schema = obj({
    spec: obj(
      { replicas: int, maxReplicas: int, name: { type: 'string', maxLength: 10 } },
      [
        { rule: 'self.replicas <= self.maxReplicas', message: 'replicas must be <= maxReplicas' },
        { rule: 'self.replicas >= oldSelf.replicas', message: 'replicas may not decrease' },
        { rule: "self.name.startsWith('a')", messageExpression: "'name ' + self.name + ' must start with a'", reason: 'FieldValueForbidden', fieldPath: '.name' },
      ],
    ),
  });
  const compiled = compileSchemaRules(schema);
  const o = { apiVersion: 'x/v1', kind: 'X', metadata: { name: 'n' }, spec: { replicas: 5, maxReplicas: 3, name: 'bob' } };

  it('compiles without errors', () => expect(compiled.errors).toEqual([]));

  it('reports message, messageExpression, reason and fieldPath; skips transition rules on create', () => {
    expect(strings(validateRules(compiled.rules, o, undefined).errors)).toEqual([
      'spec: Invalid value: "object": replicas must be <= maxReplicas',
      'spec.name: Forbidden: name bob must start with a',
    ]);
  });

  it('runs transition rules on update', () => {
    const old = { ...o, spec: { ...o.spec, replicas: 6 } };
    expect(strings(validateRules(compiled.rules, o, old).errors)).toContain('spec: Invalid value: "object": replicas may not decrease');
  });

  it('ratchets rules without oldSelf where the value is unchanged: warnings, not errors (CRDValidationRatcheting)', () => {
    // spec unchanged: its failing non-transition rules become warnings, as kube's warning.AddWarning.
    const same = validateRules(compiled.rules, o, structuredClone(o));
    expect(strings(same.errors)).toEqual([]);
    expect(same.warnings).toEqual(['spec: Invalid value: "object": replicas must be <= maxReplicas', 'spec.name: Forbidden: name bob must start with a']);
    // spec changed: the rules count again; a transition rule is never ratcheted.
    const changed = validateRules(compiled.rules, o, { ...o, spec: { ...o.spec, replicas: 6 } });
    expect(strings(changed.errors)).toEqual([
      'spec: Invalid value: "object": replicas must be <= maxReplicas',
      'spec: Invalid value: "object": replicas may not decrease',
      'spec.name: Forbidden: name bob must start with a',
    ]);
    expect(validateRules(compiled.rules, o, structuredClone(o), { ratcheting: false }).errors).toHaveLength(2);
  });

  it('uses "failed rule: <rule>" without a message, and reports runtime errors', () => {
    const c = compileSchemaRules(obj({ a: int, m: { type: 'object', additionalProperties: int } }, [{ rule: 'self.a > 1' }, { rule: "self.m['x'] == 1" }]), { isResourceRoot: false });
    expect(strings(validateRules(c.rules, { a: 1, m: {} }, undefined, { fieldPath: 'root' }).errors)).toEqual([
      'root: Invalid value: "object": failed rule: self.a > 1',
      'root: Invalid value: "object": no such key: x evaluating rule: self.m[\'x\'] == 1',
    ]);
  });

  it('runs rules on list items and map values with their paths', () => {
    const c = compileSchemaRules(
      obj({
        items: { type: 'array', items: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self.size() < 3' }] } },
        labels: { type: 'object', additionalProperties: { type: 'string', 'x-kubernetes-validations': [{ rule: "self != ''" }] } },
      }),
      { isResourceRoot: false, suppressPerExpressionCost: true },
    );
    expect(strings(validateRules(c.rules, { items: ['ab', 'abcd'], labels: { k: '' } }, undefined).errors)).toEqual([
      'items[1]: Invalid value: "string": failed rule: self.size() < 3',
      "labels[k]: Invalid value: \"string\": failed rule: self != ''",
    ]);
  });

  it('correlates map-list items for transition rules', () => {
    const c = compileSchemaRules(
      obj({
        ports: {
          type: 'array',
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['name'],
          maxItems: 10,
          items: obj({ name: { type: 'string', maxLength: 10 }, port: int }, [{ rule: 'self.port == oldSelf.port', message: 'port is immutable' }]),
        },
      }),
      { isResourceRoot: false },
    );
    expect(c.errors).toEqual([]);
    const old = { ports: [{ name: 'a', port: 1 }, { name: 'b', port: 2 }] };
    const cur = { ports: [{ name: 'b', port: 3 }, { name: 'c', port: 4 }] };
    expect(strings(validateRules(c.rules, cur, old).errors)).toEqual(['ports[0]: Invalid value: "object": port is immutable']);
  });

  it('compares set and map lists without regard to order (self == oldSelf)', () => {
    const c = compileSchemaRules(
      obj({
        tags: { type: 'array', 'x-kubernetes-list-type': 'set', maxItems: 10, items: { type: 'string', maxLength: 10 }, 'x-kubernetes-validations': [{ rule: 'self == oldSelf', message: 'immutable' }] },
        plain: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 10 }, 'x-kubernetes-validations': [{ rule: 'self == oldSelf', message: 'immutable' }] },
      }),
      { isResourceRoot: false },
    );
    expect(c.errors).toEqual([]);
    const r = validateRules(c.rules, { tags: ['b', 'a'], plain: ['b', 'a'] }, { tags: ['a', 'b'], plain: ['a', 'b'] });
    expect(strings(r.errors)).toEqual(['plain: Invalid value: "array": immutable']);
  });

  it('optionalOldSelf runs on create with optional.none()', () => {
    const c = compileSchemaRules(
      { type: 'integer', 'x-kubernetes-validations': [{ rule: 'oldSelf.hasValue() ? self >= oldSelf.value() : self == 1', optionalOldSelf: true }] },
      { isResourceRoot: false },
    );
    expect(strings(validateRules(c.rules, 2, undefined, { fieldPath: 'root' }).errors)).toEqual([
      'root: Invalid value: "integer": failed rule: oldSelf.hasValue() ? self >= oldSelf.value() : self == 1',
    ]);
    expect(validateRules(c.rules, 1, undefined).errors).toEqual([]);
    expect(validateRules(c.rules, 3, 2).errors).toEqual([]);
    expect(validateRules(c.rules, 1, 2).errors).toHaveLength(1);
  });

  it('exposes only name and generateName of metadata at the resource root', () => {
    const c = compileSchemaRules(obj({}, [{ rule: "self.metadata.name.startsWith('x')" }, { rule: 'has(self.metadata.labels)' }]));
    expect(c.errors.map((e) => e.detail)[0]).toContain("undefined field 'labels'");
  });
});

describe('TestReasonAndFldPath', () => {
  const cases: { name: string; schema: CelSchema; obj: unknown; errors: [string, string][] }[] = [
    {
      name: 'Return error based on input reason',
      obj: { f: { m: 1 } },
      schema: obj({ f: obj({ m: int }, [{ rule: 'self.m == 2', reason: 'FieldValueForbidden' }]) }, [{ rule: '1 == 1' }]),
      errors: [['FieldValueForbidden', 'root.f']],
    },
    {
      name: 'Return error default is invalid',
      obj: { f: { m: 1 } },
      schema: obj({ f: obj({ m: int }, [{ rule: 'self.m == 2' }]) }, [{ rule: '1 == 1' }]),
      errors: [['FieldValueInvalid', 'root.f']],
    },
    {
      name: 'Return error based on input fieldPath',
      obj: { f: { m: 1 } },
      schema: obj({ f: obj({ m: int }, [{ rule: 'self.m == 2', fieldPath: '.m', reason: 'FieldValueForbidden' }]) }, [{ rule: '1 == 1' }]),
      errors: [['FieldValueForbidden', 'root.f.m']],
    },
    {
      name: 'multiple rules with custom reason and field path',
      obj: { field1: 'value1', field2: 'value2', field3: 'value3' },
      schema: obj({ field1: str, field2: str, field3: str }, [
        { rule: 'self.field2 != "value2"', reason: 'FieldValueDuplicate', fieldPath: '.field2' },
        { rule: 'self.field3 != "value3"', reason: 'FieldValueRequired', fieldPath: '.field3' },
        { rule: 'self.field1 != "value1"', reason: 'FieldValueForbidden', fieldPath: '.field1' },
      ]),
      errors: [
        ['FieldValueDuplicate', 'root.field2'],
        ['FieldValueRequired', 'root.field3'],
        ['FieldValueForbidden', 'root.field1'],
      ],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const r = validateRules(compileSchemaRules(c.schema).rules, c.obj, undefined, { fieldPath: 'root' });
      expect(r.errors.map((e) => [e.type, e.field])).toEqual(c.errors);
    });
  }
});

describe('TestMessageExpression', () => {
  const cases: {
    name: string;
    message?: string;
    messageExpression: string;
    costBudget: number;
    perCallLimit?: number;
    expectedLogErr?: string;
    expectedValidationErr: string;
    expectedRemainingBudget?: number;
    /** cel-go also charges the nodes that evaluate to an error; the tracker here only sees values. */
    knownDifference?: boolean;
  }[] = [
    { name: 'no cost error expected', messageExpression: '"static string"', expectedValidationErr: 'static string', costBudget: 300, expectedRemainingBudget: 300 },
    { name: 'messageExpression takes precedence over message', message: 'invisible', messageExpression: '"this is messageExpression"', costBudget: runtimeCELCostBudget, expectedValidationErr: 'this is messageExpression' },
    { name: 'default rule message used if messageExpression does not eval to string', messageExpression: 'true', costBudget: runtimeCELCostBudget, expectedValidationErr: 'failed rule', expectedRemainingBudget: runtimeCELCostBudget },
    { name: 'limit exceeded', messageExpression: '"string 1" + "string 2" + "string 3"', costBudget: 1, expectedValidationErr: 'messageExpression evaluation failed due to running out of cost budget', expectedRemainingBudget: -1 },
    { name: 'messageExpression budget (str concat)', messageExpression: '"str1 " + self.str', costBudget: 50, expectedValidationErr: 'str1 a string', expectedRemainingBudget: 46 },
    { name: 'runtime cost preserved if messageExpression fails during evaluation', message: 'message not messageExpression', messageExpression: '"str1 " + ["a", "b", "c", "d"][4]', costBudget: 50, expectedLogErr: 'messageExpression evaluation failed due to: index out of bounds: 4', expectedValidationErr: 'message not messageExpression', expectedRemainingBudget: 47, knownDifference: true },
    { name: 'runtime cost preserved if messageExpression fails during evaluation (no message set)', messageExpression: '"str1 " + ["a", "b", "c", "d"][4]', costBudget: 50, expectedLogErr: 'messageExpression evaluation failed due to: index out of bounds: 4', expectedValidationErr: 'failed rule', expectedRemainingBudget: 47, knownDifference: true },
    { name: 'per-call limit exceeded during messageExpression execution', messageExpression: '"string 1" + "string 2" + "string 3"', costBudget: runtimeCELCostBudget, perCallLimit: 1, expectedValidationErr: 'call cost exceeds limit for messageExpression', expectedRemainingBudget: -1 },
    { name: 'messageExpression is not allowed to generate a string with newlines', message: 'message not messageExpression', messageExpression: '"str with \\na newline"', costBudget: runtimeCELCostBudget, expectedLogErr: 'messageExpression should not contain line breaks', expectedValidationErr: 'message not messageExpression' },
    { name: 'messageExpression is not allowed to generate messages >5000 characters', message: 'message not messageExpression', messageExpression: `"${'a'.repeat(5121)}"`, costBudget: runtimeCELCostBudget, expectedLogErr: 'messageExpression beyond allowable length of 5120', expectedValidationErr: 'message not messageExpression' },
    { name: 'messageExpression is not allowed to generate an empty string', message: 'message not messageExpression', messageExpression: 'string("")', costBudget: runtimeCELCostBudget, expectedLogErr: 'messageExpression should evaluate to a non-empty string', expectedValidationErr: 'message not messageExpression' },
    { name: 'messageExpression is not allowed to generate a string with only spaces', message: 'message not messageExpression', messageExpression: 'string("     ")', costBudget: runtimeCELCostBudget, expectedLogErr: 'messageExpression should evaluate to a non-empty string', expectedValidationErr: 'message not messageExpression' },
  ];
  for (const c of cases) {
    (c.knownDifference ? it.fails : it)(c.knownDifference ? `${c.name} (known difference: cost of erroring nodes)` : c.name, () => {
      const rule: ValidationRule = { rule: 'false', messageExpression: c.messageExpression, ...(c.message ? { message: c.message } : {}) };
      const compiled = compileSchemaRules(obj({ str }, [rule]), { isResourceRoot: false, suppressPerExpressionCost: true, ...(c.perCallLimit ? { perCallLimit: c.perCallLimit } : {}) });
      const logs: string[] = [];
      const r = validateRules(compiled.rules, { str: 'a string' }, undefined, { fieldPath: 'root', costBudget: c.costBudget, log: (m) => logs.push(m) });
      expect(r.errors).toHaveLength(1);
      if (c.expectedLogErr) expect(logs.join('\n')).toContain(c.expectedLogErr);
      else expect(logs).toEqual([]);
      expect(fieldErrorString(r.errors[0]!)).toContain(c.expectedValidationErr);
      if (c.expectedRemainingBudget) expect(r.remainingBudget).toBe(c.expectedRemainingBudget);
    });
  }
});

describe('TestCELValidationLimit', () => {
  const schema = obj({ val1: int }, [{ rule: 'self.val1 > 0' }]);
  it('reports running out of the cost budget once', () => {
    const r = validateRules(compileSchemaRules(schema, { isResourceRoot: false }).rules, { val1: 9007199254740991 }, undefined, { fieldPath: 'root', costBudget: 0 });
    expect(strings(r.errors)).toEqual(['root: Invalid value: "object": validation failed due to running out of cost budget, no further validation rules will be run']);
  });
  it('reports exceeding the per-call limit', () => {
    const r = validateRules(compileSchemaRules(schema, { perCallLimit: 0 }).rules, { val1: 1 }, undefined, { fieldPath: 'root' });
    expect(strings(r.errors)[0]).toContain('no further validation rules will be run due to call cost exceeds limit for rule');
    expect(strings(r.errors)[0]).toBe(
      "root: Invalid value: \"object\": 'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule: self.val1 > 0",
    );
  });
  it('stops all further rules once the shared budget runs out', () => {
    const rules = Array.from({ length: 5 }, () => ({ rule: 'self.all(x, x.size() < 1000)' }));
    const c = compileSchemaRules({ type: 'array', items: { type: 'string', maxLength: 1000 }, maxItems: 100_000, 'x-kubernetes-validations': rules }, { isResourceRoot: false, suppressPerExpressionCost: true });
    const big = Array.from({ length: 100_000 }, () => 'x');
    const r = validateRules(c.rules, big, undefined, { fieldPath: 'root', costBudget: 1_000_000 });
    expect(strings(r.errors)).toEqual(['root: Invalid value: "array": validation failed due to running out of cost budget, no further validation rules will be run']);
    expect(r.remainingBudget).toBe(-1);
  });
});
