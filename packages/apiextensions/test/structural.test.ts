// kube's schema package tests (pkg/apiserver/schema): TestValidateStructuralCompleteness (as data),
// TestValidateStructuralMetadataInvariants and TestValidateNestedValueValidationComplete (their
// fuzzed loops as enumerations), TestStructuralUnfoldIntOrString; and the NewStructural and
// ValidateStructural messages kube's CRD validation shows.
import { describe, expect, it } from 'vitest';
import { isStructural, type JSONSchemaProps } from '@kapi/api';
import { FieldPath, fieldErrorString } from '@kapi/apimachinery';
import { newStructural, unfold, validateStructural, type NestedValueValidation, type Structural, type StructuralValidationOptions } from '../src/index.ts';
import { fromGo, loadTable } from './fixtures.ts';

const messages = (path: FieldPath | undefined, s: Structural) => validateStructural(path, s).map(fieldErrorString);

describe('validateStructural completeness (kube TestValidateStructuralCompleteness)', () => {
  for (const tc of loadTable<{ name: string; schema: unknown; options: StructuralValidationOptions; error: string }>('schema-completeness.json')) {
    it(tc.name, () => {
      // The Go options struct was dumped with Go's field names.
      const opts = Object.fromEntries(Object.entries(tc.options).map(([k, v]) => [k[0]!.toLowerCase() + k.slice(1), v]));
      const errs = validateStructural(undefined, fromGo(tc.schema), opts).map(fieldErrorString);
      if (tc.error === '') expect(errs.filter((e) => e.includes('because it is defined in'))).toEqual([]);
      else expect(errs.some((e) => e.includes(tc.error))).toBe(true);
    });
  }
});

describe('metadata invariants (kube TestValidateStructuralMetadataInvariants)', () => {
  const metadataOf = (metadata: Structural): Structural => ({ type: 'object', properties: { metadata } });
  const metadataErrors = (metadata: Structural) => messages(undefined, metadataOf(metadata)).filter((e) => e.startsWith('properties[metadata]'));

  for (const type of ['object', 'array', 'number', 'integer', 'boolean', 'string']) {
    it(`metadata of type ${type}`, () => {
      const errs = metadataErrors({ type, ...(type === 'array' ? { items: { type: 'string' } } : {}) });
      expect(errs.some((e) => e === `properties[metadata].type: Invalid value: "${type}": must be object`)).toBe(type !== 'object');
    });
  }
  const objectMetaFields = ['name', 'generateName', 'namespace', 'selfLink', 'uid', 'resourceVersion', 'generation', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'ownerReferences', 'finalizers', 'managedFields'];
  const forbidden = 'properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified';
  for (const property of objectMetaFields) {
    it(`metadata property ${property}`, () => {
      const errs = metadataErrors({ type: 'object', properties: { [property]: { type: 'string' } } });
      expect(errs.includes(forbidden)).toBe(property !== 'name' && property !== 'generateName');
    });
  }
  it('name and generateName together', () => expect(metadataErrors({ type: 'object', properties: { name: { type: 'string' }, generateName: { type: 'string' } } })).toEqual([]));
  it('a default on metadata is left to CRD validation', () => expect(metadataErrors({ type: 'object', default: { name: 'x' } })).toEqual([]));
  const others: [string, Structural][] = [
    ['description', { description: 'd' }],
    ['title', { title: 't' }],
    ['nullable', { nullable: true }],
    ['items', { items: { type: 'string' } }],
    ['additionalProperties', { additionalProperties: { bool: true } }],
    ['x-kubernetes-preserve-unknown-fields', { xPreserveUnknownFields: true }],
    ['x-kubernetes-embedded-resource', { xEmbeddedResource: true, properties: { name: { type: 'string' } } }],
    ['x-kubernetes-int-or-string', { xIntOrString: true }],
    ['x-kubernetes-list-type', { xListType: 'atomic' }],
    ['x-kubernetes-map-type', { xMapType: 'atomic' }],
    ['x-kubernetes-validations', { xValidations: [{ rule: 'true' }] }],
    ['value validation', { valueValidation: { maxProperties: 3 } }],
  ];
  for (const [name, extra] of others) {
    it(`metadata with ${name}`, () => expect(metadataErrors({ type: 'object', ...extra })).toContain(forbidden));
  }
  it('metadata below the root is only checked to be an object (embedded) or not at all', () => {
    const s: Structural = { type: 'object', properties: { spec: { type: 'object', properties: { metadata: { type: 'string' } } } } };
    expect(messages(undefined, s)).toEqual([]);
  });
});

describe('nested value validations (kube TestValidateNestedValueValidationComplete)', () => {
  const nestedErrors = (n: Partial<NestedValueValidation>, opts?: StructuralValidationOptions) =>
    validateStructural(undefined, { type: 'object', valueValidation: { allOf: [{ forbiddenGenerics: {}, forbiddenExtensions: {}, ...n }] } }, opts).map(fieldErrorString);
  const generics: [string, NestedValueValidation['forbiddenGenerics'], string][] = [
    ['description', { description: 'x' }, 'allOf[0].description: Forbidden: must be empty to be structural'],
    ['type', { type: 'string' }, 'allOf[0].type: Forbidden: must be empty to be structural'],
    ['title', { title: 'x' }, 'allOf[0].title: Forbidden: must be empty to be structural'],
    ['default', { default: 42 }, 'allOf[0].default: Forbidden: must be undefined to be structural'],
    ['nullable', { nullable: true }, 'allOf[0].nullable: Forbidden: must be false to be structural'],
  ];
  for (const [name, g, want] of generics) it(`forbidden generic ${name}`, () => expect(nestedErrors({ forbiddenGenerics: g })).toEqual([want]));
  const extensions: [string, NestedValueValidation['forbiddenExtensions'], string][] = [
    ['x-kubernetes-preserve-unknown-fields', { xPreserveUnknownFields: true }, 'allOf[0].x-kubernetes-preserve-unknown-fields: Forbidden: must be false to be structural'],
    ['x-kubernetes-embedded-resource', { xEmbeddedResource: true }, 'allOf[0].x-kubernetes-embedded-resource: Forbidden: must be false to be structural'],
    ['x-kubernetes-int-or-string', { xIntOrString: true }, 'allOf[0].x-kubernetes-int-or-string: Forbidden: must be false to be structural'],
    ['x-kubernetes-list-map-keys', { xListMapKeys: ['a'] }, 'allOf[0].x-kubernetes-list-map-keys: Forbidden: must be empty to be structural'],
    ['x-kubernetes-list-type', { xListType: 'set' }, 'allOf[0].x-kubernetes-list-type: Forbidden: must be undefined to be structural'],
    ['x-kubernetes-map-type', { xMapType: 'atomic' }, 'allOf[0].x-kubernetes-map-type: Forbidden: must be undefined to be structural'],
  ];
  for (const [name, x, want] of extensions) it(`forbidden extension ${name}`, () => expect(nestedErrors({ forbiddenExtensions: x })).toEqual([want]));
  for (const allowNestedXValidations of [false, true]) {
    for (const allowNestedAdditionalProperties of [false, true]) {
      const opts = { allowNestedXValidations, allowNestedAdditionalProperties };
      it(`x-kubernetes-validations with ${JSON.stringify(opts)}`, () => {
        const errs = nestedErrors({ xValidations: [{ rule: 'self > 0' }] }, opts);
        expect(errs).toEqual(allowNestedXValidations ? [] : ['allOf[0].x-kubernetes-validations: Forbidden: must be empty to be structural']);
      });
      it(`additionalProperties with ${JSON.stringify(opts)}`, () => {
        const errs = nestedErrors({ additionalProperties: { forbiddenGenerics: {}, forbiddenExtensions: {} } }, opts).filter((e) => !e.includes('because it is defined in'));
        expect(errs).toEqual(allowNestedAdditionalProperties ? [] : ['allOf[0].additionalProperties: Forbidden: must be undefined to be structural']);
      });
    }
  }
  it('x-kubernetes-validations stay forbidden under anyOf, oneOf and not', () => {
    const rule = { xValidations: [{ rule: 'true' }], forbiddenGenerics: {}, forbiddenExtensions: {} };
    const errs = validateStructural(undefined, { type: 'object', valueValidation: { anyOf: [rule], oneOf: [rule], not: rule } }, { allowNestedXValidations: true }).map(fieldErrorString);
    expect(errs).toEqual([
      'anyOf[0].x-kubernetes-validations: Forbidden: must be empty to be structural',
      'not.x-kubernetes-validations: Forbidden: must be empty to be structural',
      'oneOf[0].x-kubernetes-validations: Forbidden: must be empty to be structural',
    ]);
  });
});

describe('newStructural', () => {
  const unsupported: [string, JSONSchemaProps, string][] = [
    ['id', { id: 'x' }, "OpenAPIV3Schema 'id' is not supported"],
    ['$schema', { $schema: 'x' }, "OpenAPIV3Schema 'schema' is not supported"],
    ['$ref', { $ref: '#/x' }, "OpenAPIV3Schema '$ref' is not supported"],
    ['patternProperties', { patternProperties: { a: {} } }, "OpenAPIV3Schema 'patternProperties' is not supported"],
    ['dependencies', { dependencies: { a: ['b'] } }, "OpenAPIV3Schema 'dependencies' is not supported"],
    ['additionalItems', { additionalItems: false }, "OpenAPIV3Schema 'additionalItems' is not supported"],
    ['definitions', { definitions: { a: {} } }, "OpenAPIV3Schema 'definitions' is not supported"],
    ['items list', { type: 'array', items: [{ type: 'string' }] }, "OpenAPIV3Schema 'items' must be a schema, but is an array"],
    ['preserve false', { 'x-kubernetes-preserve-unknown-fields': false }, "internal error: 'x-kubernetes-preserve-unknown-fields' must be true or undefined"],
    ['nested under anyOf', { anyOf: [{ properties: { a: { id: 'x' } } }] }, "OpenAPIV3Schema 'id' is not supported"],
  ];
  for (const [name, s, msg] of unsupported) it(`rejects ${name}`, () => expect(() => newStructural({ type: 'object', properties: { f: s } })).toThrow(msg));

  it('splits structure, generics, extensions and value validations', () => {
    const s = newStructural({
      type: 'object',
      description: 'd',
      properties: {
        n: { type: 'integer', minimum: 1, default: 3, 'x-kubernetes-validations': [{ rule: 'self > 0' }] },
        l: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'set', maxItems: 2 },
        m: { type: 'object', additionalProperties: { type: 'string' } },
        ios: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] },
      },
      externalDocs: { url: 'https://x' },
      example: { n: 1 },
    });
    expect(s).toEqual({
      type: 'object',
      description: 'd',
      valueValidation: {},
      properties: {
        n: { type: 'integer', default: 3, xValidations: [{ rule: 'self > 0' }], valueValidation: { minimum: 1 } },
        l: { type: 'array', xListType: 'set', items: { type: 'string', valueValidation: {} }, valueValidation: { maxItems: 2 } },
        m: { type: 'object', additionalProperties: { bool: true, structural: { type: 'string', valueValidation: {} } }, valueValidation: {} },
        ios: {
          xIntOrString: true,
          valueValidation: {
            anyOf: [
              { forbiddenGenerics: { type: 'integer' }, forbiddenExtensions: {} },
              { forbiddenGenerics: { type: 'string' }, forbiddenExtensions: {} },
            ],
          },
        },
      },
    });
  });

  it('additionalProperties false stays a bare false', () => {
    expect(newStructural({ type: 'object', properties: { m: { type: 'object', additionalProperties: false } } }).properties!.m!.additionalProperties).toEqual({ bool: false });
  });
});

describe('validateStructural messages (as CRD validation reports them)', () => {
  const at = FieldPath.of('spec', 'versions').index(0).child('schema', 'openAPIV3Schema');
  const errs = (s: JSONSchemaProps) => messages(at, newStructural(s));
  const root = 'spec.versions[0].schema.openAPIV3Schema';
  const cases: [string, JSONSchemaProps, string[]][] = [
    ['missing field type', { type: 'object', properties: { foo: {} } }, [`${root}.properties[foo].type: Required value: must not be empty for specified object fields`]],
    ['missing root type', { properties: { foo: { type: 'string' } } }, [`${root}.type: Required value: must not be empty at the root`]],
    ['missing items type', { type: 'object', properties: { a: { type: 'array', items: {} } } }, [`${root}.properties[a].items.type: Required value: must not be empty for specified array items`]],
    ['array without items', { type: 'object', properties: { a: { type: 'array' } } }, [`${root}.properties[a].items: Required value: must be specified`]],
    ['root not object', { type: 'string' }, [`${root}.type: Invalid value: "string": must be object at the root`]],
    ['additionalProperties at the root', { type: 'object', additionalProperties: { type: 'string' } }, [`${root}.additionalProperties: Forbidden: must not be used at the root`]],
    ['int-or-string with preserve', { type: 'object', properties: { a: { 'x-kubernetes-int-or-string': true, 'x-kubernetes-preserve-unknown-fields': true } } }, [
      `${root}.properties[a].x-kubernetes-preserve-unknown-fields: Invalid value: true: must be false if x-kubernetes-int-or-string is true`,
    ]],
    ['embedded without type', { type: 'object', properties: { a: { 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true } } }, [
      `${root}.properties[a].type: Required value: must be object if x-kubernetes-embedded-resource is true`,
    ]],
    ['embedded without properties', { type: 'object', properties: { a: { type: 'object', 'x-kubernetes-embedded-resource': true } } }, [
      `${root}.properties[a].properties: Required value: must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields`,
    ]],
    ['embedded kind not string', { type: 'object', properties: { a: { type: 'object', 'x-kubernetes-embedded-resource': true, properties: { kind: { type: 'integer' } } } } }, [
      `${root}.properties[a].properties[kind].type: Invalid value: "integer": must be string`,
    ]],
    ['metadata restricted at the root', { type: 'object', properties: { metadata: { type: 'object', properties: { labels: { type: 'object' } } } } }, [
      `${root}.properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified`,
    ]],
    ['type under anyOf', { type: 'object', properties: { a: { type: 'string', anyOf: [{ type: 'string' }] } } }, [`${root}.properties[a].anyOf[0].type: Forbidden: must be empty to be structural`]],
    ['int-or-string patterns are allowed', { type: 'object', properties: { a: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] }, b: { 'x-kubernetes-int-or-string': true, allOf: [{ anyOf: [{ type: 'integer' }, { type: 'string' }] }, { pattern: 'x' }] } } }, []],
    ['int-or-string pattern with more is not', { type: 'object', properties: { a: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer', minimum: 1 }, { type: 'string' }] } } }, [
      `${root}.properties[a].anyOf[0].type: Forbidden: must be empty to be structural`,
      `${root}.properties[a].anyOf[1].type: Forbidden: must be empty to be structural`,
    ]],
    ['metadata in a nested context', { type: 'object', properties: { a: { type: 'object', properties: { metadata: { type: 'object' } } } }, allOf: [{ properties: { a: { properties: { metadata: {} } } } }] }, [
      `${root}.allOf[0].properties[a].properties[metadata]: Forbidden: must not be specified in a nested context`,
    ]],
    ['completeness', { type: 'object', properties: { a: { type: 'string' } }, anyOf: [{ properties: { b: { minLength: 1 } } }] }, [
      `${root}.properties[b]: Required value: because it is defined in ${root}.anyOf[0].properties[b]`,
    ]],
    ['invalid pattern', { type: 'object', properties: { a: { type: 'string', pattern: '(' } } }, [
      `${root}.properties[a].pattern: Invalid value: "(": must be a valid regular expression, but isn't: error parsing regexp: missing closing ): \`(\``,
    ]],
    ['errors sorted by text', { type: 'object', properties: { z: {}, a: {} } }, [
      `${root}.properties[a].type: Required value: must not be empty for specified object fields`,
      `${root}.properties[z].type: Required value: must not be empty for specified object fields`,
    ]],
  ];
  for (const [name, s, want] of cases) {
    it(name, () => expect(errs(s)).toEqual(want));
    // @kapi/api's isStructural does not compile patterns (kube's ValidateStructural does).
    if (name !== 'invalid pattern') it(`${name}: agrees with @kapi/api isStructural`, () => expect(isStructural(s)).toBe(want.length === 0));
  }
  it('a nil path prints as kube prints it', () => {
    expect(messages(undefined, newStructural({ type: 'object', properties: { foo: {} } }))).toEqual(['properties[foo].type: Required value: must not be empty for specified object fields']);
  });
});

describe('unfold (kube TestStructuralUnfoldIntOrString)', () => {
  it('spells out int-or-string without value validations', () => {
    expect(unfold({ xIntOrString: true }).valueValidation?.anyOf).toEqual([
      { forbiddenGenerics: { type: 'integer' }, forbiddenExtensions: {} },
      { forbiddenGenerics: { type: 'string' }, forbiddenExtensions: {} },
    ]);
  });
  it('puts the pattern first in allOf when anyOf is taken, and leaves the input alone', () => {
    const own: NestedValueValidation = { minLength: 1, forbiddenGenerics: {}, forbiddenExtensions: {} };
    const s: Structural = { type: 'object', properties: { a: { xIntOrString: true, valueValidation: { anyOf: [own] } } } };
    const u = unfold(s);
    expect(u.properties!.a!.valueValidation!.allOf![0]!.anyOf).toHaveLength(2);
    expect(u.properties!.a!.valueValidation!.anyOf).toEqual([own]);
    expect(s.properties!.a!.valueValidation!.allOf).toBeUndefined();
  });
  it('keeps an existing pattern', () => {
    const s = newStructural({ 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] });
    expect(unfold(s)).toEqual(s);
  });
});
