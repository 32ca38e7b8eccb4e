// apiextensions.k8s.io/v1 declarations against k8s.io/apiextensions-apiserver
// pkg/apis/apiextensions/v1 types.go, types_jsonschema.go and generated.proto (v0.33.13): field
// order, JSON names, protobuf numbers, Go pointers, required fields and patch/list markers; and the
// OpenAPI components of the types with a JSON form of their own.
import { describe, expect, it } from 'vitest';
import { openAPIComponents, protoMessageOf, type ProtoField } from '@kapi/apimachinery';
import { CustomResourceDefinition, CustomResourceDefinitionList, JSONSchemaProps, builtinKinds, customResourceDefinitionKind } from '../src/index.ts';
import { checkUpstreamTable, type UpstreamTable } from './upstream-table.ts';

const id = (name: string) => `io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.${name}`;

const table: UpstreamTable = {
  [id('CustomResourceDefinition')]: [
    ['metadata', 1],
    ['spec', 2, 'req'],
    ['status', 3],
  ],
  [id('CustomResourceDefinitionList')]: [
    ['metadata', 1],
    ['items', 2, 'req'],
  ],
  [id('CustomResourceDefinitionSpec')]: [
    ['group', 1, 'req'],
    ['names', 3, 'req'],
    ['scope', 4, 'req'],
    ['versions', 7, 'req list:atomic'],
    ['conversion', 9, 'ptr'],
    ['preserveUnknownFields', 10],
  ],
  [id('CustomResourceConversion')]: [
    ['strategy', 1, 'req'],
    ['webhook', 2, 'ptr'],
  ],
  [id('WebhookConversion')]: [
    ['clientConfig', 2, 'ptr'],
    ['conversionReviewVersions', 3, 'req list:atomic'],
  ],
  [id('WebhookClientConfig')]: [
    ['url', 3, 'ptr'],
    ['service', 1, 'ptr'],
    ['caBundle', 2],
  ],
  [id('ServiceReference')]: [
    ['namespace', 1, 'req'],
    ['name', 2, 'req'],
    ['path', 3, 'ptr'],
    ['port', 4, 'ptr'],
  ],
  [id('CustomResourceDefinitionVersion')]: [
    ['name', 1, 'req'],
    ['served', 2, 'req'],
    ['storage', 3, 'req'],
    ['deprecated', 7],
    ['deprecationWarning', 8, 'ptr'],
    ['schema', 4, 'ptr'],
    ['subresources', 5, 'ptr'],
    ['additionalPrinterColumns', 6, 'list:atomic'],
    ['selectableFields', 9, 'list:atomic'],
  ],
  [id('SelectableField')]: [['jsonPath', 1, 'req']],
  [id('CustomResourceColumnDefinition')]: [
    ['name', 1, 'req'],
    ['type', 2, 'req'],
    ['format', 3],
    ['description', 4],
    ['priority', 5],
    ['jsonPath', 6, 'req'],
  ],
  [id('CustomResourceDefinitionNames')]: [
    ['plural', 1, 'req'],
    ['singular', 2],
    ['shortNames', 3, 'list:atomic'],
    ['kind', 4, 'req'],
    ['listKind', 5],
    ['categories', 6, 'list:atomic'],
  ],
  [id('CustomResourceDefinitionCondition')]: [
    ['type', 1, 'req'],
    ['status', 2, 'req'],
    ['lastTransitionTime', 3],
    ['reason', 4],
    ['message', 5],
  ],
  [id('CustomResourceDefinitionStatus')]: [
    ['conditions', 1, 'list:map:type'],
    ['acceptedNames', 2],
    ['storedVersions', 3, 'list:atomic'],
  ],
  [id('CustomResourceValidation')]: [['openAPIV3Schema', 1, 'ptr']],
  [id('CustomResourceSubresources')]: [
    ['status', 1, 'ptr'],
    ['scale', 2, 'ptr'],
  ],
  [id('CustomResourceSubresourceStatus')]: [],
  [id('CustomResourceSubresourceScale')]: [
    ['specReplicasPath', 1, 'req'],
    ['statusReplicasPath', 2, 'req'],
    ['labelSelectorPath', 3, 'ptr'],
  ],
  [id('ExternalDocumentation')]: [
    ['description', 1],
    ['url', 2],
  ],
  [id('ValidationRule')]: [
    ['rule', 1, 'req'],
    ['message', 2],
    ['messageExpression', 3],
    ['reason', 4, 'ptr'],
    ['fieldPath', 5],
    ['optionalOldSelf', 6, 'ptr'],
  ],
  [id('JSONSchemaProps')]: [
    ['id', 1],
    ['$schema', 2],
    ['$ref', 3, 'ptr'],
    ['description', 4],
    ['type', 5],
    ['format', 6],
    ['title', 7],
    ['default', 8, 'ptr'],
    ['maximum', 9, 'ptr'],
    ['exclusiveMaximum', 10],
    ['minimum', 11, 'ptr'],
    ['exclusiveMinimum', 12],
    ['maxLength', 13, 'ptr'],
    ['minLength', 14, 'ptr'],
    ['pattern', 15],
    ['maxItems', 16, 'ptr'],
    ['minItems', 17, 'ptr'],
    ['uniqueItems', 18],
    ['multipleOf', 19, 'ptr'],
    ['enum', 20, 'list:atomic'],
    ['maxProperties', 21, 'ptr'],
    ['minProperties', 22, 'ptr'],
    ['required', 23, 'list:atomic'],
    ['items', 24, 'ptr'],
    ['allOf', 25, 'list:atomic'],
    ['oneOf', 26, 'list:atomic'],
    ['anyOf', 27, 'list:atomic'],
    ['not', 28, 'ptr'],
    ['properties', 29],
    ['additionalProperties', 30, 'ptr'],
    ['patternProperties', 31],
    ['dependencies', 32],
    ['additionalItems', 33, 'ptr'],
    ['definitions', 34],
    ['externalDocs', 35, 'ptr'],
    ['example', 36, 'ptr'],
    ['nullable', 37],
    ['x-kubernetes-preserve-unknown-fields', 38, 'ptr'],
    ['x-kubernetes-embedded-resource', 39],
    ['x-kubernetes-int-or-string', 40],
    ['x-kubernetes-list-map-keys', 41, 'list:atomic'],
    ['x-kubernetes-list-type', 42, 'ptr'],
    ['x-kubernetes-map-type', 43, 'ptr'],
    ['x-kubernetes-validations', 44, 'merge:rule list:map:rule'],
  ],
};

const fieldsOf = (m: ReturnType<typeof protoMessageOf>) => (typeof m.fields === 'function' ? m.fields() : m.fields) as readonly ProtoField[];

describe('apiextensions.k8s.io/v1 against types.go and generated.proto', () => {
  it('every struct: fields in Go order, protobuf numbers, pointers, required, patch and list markers', () => {
    checkUpstreamTable([CustomResourceDefinition, CustomResourceDefinitionList], table);
    expect(Object.keys(table)).toHaveLength(20);
  });

  it('the union types are messages of their own in protobuf, with generated.proto numbers', () => {
    const props = new Map(fieldsOf(protoMessageOf(JSONSchemaProps)).map((f) => [f.name, f]));
    const wire = (name: string) =>
      fieldsOf(props.get(name)!.type as ReturnType<typeof protoMessageOf>).map((f) => [f.name, f.no, typeof f.type === 'string' ? f.type : f.type.name]);
    const schema = 'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps';
    expect(wire('items')).toEqual([
      ['schema', 1, schema],
      ['jSONSchemas', 2, schema],
    ]);
    expect(wire('additionalProperties')).toEqual([
      ['allows', 1, 'bool'],
      ['schema', 2, schema],
    ]);
    expect(wire('additionalItems')).toEqual(wire('additionalProperties'));
    expect(wire('dependencies')).toEqual([
      ['schema', 1, schema],
      ['property', 2, 'string'],
    ]);
    expect(props.get('default')!.type).toBe('json');
    expect(props.get('example')!.type).toBe('json');
    expect(props.get('enum')).toMatchObject({ type: 'json', repeated: true });
    for (const name of ['items', 'additionalProperties', 'additionalItems', 'dependencies']) expect(props.get(name)!.codec, name).toBeDefined();
  });

  it('is served: cluster-scoped customresourcedefinitions, crd/crds, category api-extensions', () => {
    expect(builtinKinds).toContain(customResourceDefinitionKind);
    expect(customResourceDefinitionKind).toMatchObject({
      group: 'apiextensions.k8s.io',
      version: 'v1',
      kind: 'CustomResourceDefinition',
      listKind: 'CustomResourceDefinitionList',
      resource: 'customresourcedefinitions',
      singular: 'customresourcedefinition',
      shortNames: ['crd', 'crds'],
      categories: ['api-extensions'],
      namespaced: false,
    });
  });
});

describe('OpenAPI v3 components', () => {
  const components = openAPIComponents([CustomResourceDefinition]) as Record<string, { properties?: Record<string, Record<string, unknown>>; type?: string }>;
  const props = components[id('JSONSchemaProps')]!.properties!;
  const ref = (name: string) => ({ $ref: `#/components/schemas/${id(name)}` });

  it('JSON and the union types are components without a type, as kube-openapi publishes them', () => {
    for (const name of ['JSON', 'JSONSchemaPropsOrArray', 'JSONSchemaPropsOrBool', 'JSONSchemaPropsOrStringArray']) {
      const c = components[id(name)]!;
      expect(Object.keys(c), name).toEqual(['description']);
    }
  });

  it('fields reference them: pointers bare, list items and map values with default {}', () => {
    expect(props.default).toMatchObject({ allOf: [ref('JSON')] });
    expect(props.default).not.toHaveProperty('default');
    expect(props.example).toMatchObject({ allOf: [ref('JSON')] });
    expect(props.items).toMatchObject({ allOf: [ref('JSONSchemaPropsOrArray')] });
    expect(props.additionalProperties).toMatchObject({ allOf: [ref('JSONSchemaPropsOrBool')] });
    expect(props.additionalItems).toMatchObject({ allOf: [ref('JSONSchemaPropsOrBool')] });
    expect(props.enum).toMatchObject({ type: 'array', items: { allOf: [ref('JSON')], default: {} }, 'x-kubernetes-list-type': 'atomic' });
    expect(props.dependencies).toMatchObject({ type: 'object', additionalProperties: { allOf: [ref('JSONSchemaPropsOrStringArray')], default: {} } });
    expect(props.properties).toMatchObject({ type: 'object', additionalProperties: { allOf: [ref('JSONSchemaProps')], default: {} } });
    expect(props.not).toEqual(expect.objectContaining({ allOf: [ref('JSONSchemaProps')] }));
  });

  it('the recursive schema is one component; its protobuf wire structs are not published', () => {
    const ids = Object.keys(components).filter((k) => k.includes('apiextensions'));
    expect(ids.sort()).toEqual(Object.keys(table).filter((k) => !k.endsWith('List')).concat([id('JSON'), id('JSONSchemaPropsOrArray'), id('JSONSchemaPropsOrBool'), id('JSONSchemaPropsOrStringArray')]).sort());
    expect(components[id('JSONSchemaPropsOrBool')]).not.toHaveProperty('properties');
  });
});
