// CustomResourceDefinition defaults and validation against k8s.io/apiextensions-apiserver
// pkg/apis/apiextensions/v1/defaults.go and pkg/apis/apiextensions/validation/validation.go
// (v1.33): field paths (of kube's internal form), error types and messages as kube reports them.
import { describe, expect, it } from 'vitest';
import { fieldErrorString, type FieldError } from '@kapi/apimachinery';
import { customResourceDefinitionKind as kind, type CustomResourceDefinition, type JSONSchemaProps } from '../src/index.ts';

type Version = NonNullable<NonNullable<CustomResourceDefinition['spec']>['versions']>[number];

const widgetSchema: JSONSchemaProps = {
  type: 'object',
  properties: { spec: { type: 'object', properties: { size: { type: 'integer' }, color: { type: 'string' } } }, status: { type: 'object' } },
};

/** A valid CustomResourceDefinition (as the decoder leaves it: defaulted). */
function crd(edit: (c: CustomResourceDefinition & { spec: NonNullable<CustomResourceDefinition['spec']> }) => void = () => {}): CustomResourceDefinition {
  const c = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      names: { plural: 'widgets', kind: 'Widget' },
      scope: 'Namespaced',
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: structuredClone(widgetSchema) } }] as Version[],
    },
  } as CustomResourceDefinition & { spec: NonNullable<CustomResourceDefinition['spec']> };
  kind.defaults(c);
  edit(c);
  return c;
}

const v1 = (c: { spec: NonNullable<CustomResourceDefinition['spec']> }) => c.spec.versions![0]!;
const schema = (c: { spec: NonNullable<CustomResourceDefinition['spec']> }) => v1(c).schema!.openAPIV3Schema!;
const strings = (errs: FieldError[]) => errs.map(fieldErrorString);
/** Go's %#v of the bytes of a base64 string. */
const goBytesOf = (b64: string) => `[]byte{${[...Buffer.from(b64, 'base64')].map((x) => `0x${x.toString(16)}`).join(', ')}}`;

describe('defaults (SetObjectDefaults_CustomResourceDefinition)', () => {
  it('singular is the lower-cased kind, listKind <kind>List, conversion None, storedVersions the storage version', () => {
    const c = crd();
    expect(c.spec!.names).toEqual({ plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' });
    expect(c.spec!.conversion).toEqual({ strategy: 'None' });
    expect(c.status).toEqual({ storedVersions: ['v1'] });
  });

  it('keeps what is set; a conversion webhook service gets port 443', () => {
    const c = {
      spec: {
        names: { kind: 'Gadget', singular: 'gizmo', listKind: 'Gizmos' },
        versions: [{ name: 'v1' }, { name: 'v2', storage: true }],
        conversion: { strategy: 'Webhook', webhook: { clientConfig: { service: { namespace: 'ns', name: 'svc' } } } },
      },
      status: { storedVersions: ['v1'] },
    } as CustomResourceDefinition;
    kind.defaults(c);
    expect(c.spec!.names).toEqual({ kind: 'Gadget', singular: 'gizmo', listKind: 'Gizmos' });
    expect(c.spec!.conversion!.webhook!.clientConfig!.service!.port).toBe(443);
    expect(c.status!.storedVersions).toEqual(['v1']);
  });

  it('a CRD without kind gets no listKind, and no storedVersions without a storage version', () => {
    const c = { spec: { versions: [{ name: 'v1' }] } } as CustomResourceDefinition;
    kind.defaults(c);
    expect(c.spec!.names).toEqual({});
    expect(c.status).toBeUndefined();
  });
});

describe('ValidateCustomResourceDefinition', () => {
  it('accepts a valid CRD, with per-version schemas, columns, scale and a webhook', () => {
    expect(kind.validate(crd())).toEqual([]);
    const c = crd((c) => {
      c.spec.versions!.push({
        name: 'v2beta1',
        served: true,
        storage: false,
        deprecated: true,
        deprecationWarning: 'use v1',
        schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } },
        subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.selector' } },
        additionalPrinterColumns: [{ name: 'Size', type: 'integer', jsonPath: '.spec.size' }],
      });
      c.spec.conversion = { strategy: 'Webhook', webhook: { clientConfig: { url: 'https://conv.example.com/convert' }, conversionReviewVersions: ['v1'] } };
    });
    expect(kind.validate(c)).toEqual([]);
  });

  const cases: { name: string; edit: Parameters<typeof crd>[0]; want: string[] }[] = [
    {
      name: 'the name must be <plural>.<group>',
      edit: (c) => (c.metadata!.name = 'gadgets.example.com'),
      want: ['metadata.name: Invalid value: "gadgets.example.com": must be spec.names.plural+"."+spec.group'],
    },
    {
      name: 'the group needs a dot',
      edit: (c) => {
        c.spec.group = 'example';
        c.metadata!.name = 'widgets.example';
      },
      want: ['spec.group: Invalid value: "example": should be a domain with at least one dot'],
    },
    {
      name: 'the group is a DNS subdomain',
      edit: (c) => {
        c.spec.group = 'Example.com';
        c.metadata!.name = 'widgets.Example.com';
      },
      want: [
        'metadata.name: Invalid value: "widgets.Example.com": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')',
        'spec.group: Invalid value: "Example.com": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')',
      ],
    },
    {
      name: 'scope is Cluster or Namespaced',
      edit: (c) => (c.spec.scope = 'Global'),
      want: ['spec.scope: Unsupported value: "Global": supported values: "Cluster", "Namespaced"'],
    },
    {
      name: 'names are DNS-1035 labels; kind and listKind differ',
      edit: (c) => {
        c.spec.names!.shortNames = ['w', 'Bad_Name'];
        c.spec.names!.listKind = 'Widget';
        c.spec.names!.categories = ['all', '1st'];
      },
      want: [
        'spec.names.shortNames[1]: Invalid value: "Bad_Name": a DNS-1035 label must consist of lower case alphanumeric characters or \'-\', start with an alphabetic character, and end with an alphanumeric character (e.g. \'my-name\',  or \'abc-123\', regex used for validation is \'[a-z]([-a-z0-9]*[a-z0-9])?\')',
        'spec.names.listKind: Invalid value: "Widget": kind and listKind may not be the same',
        'spec.names.categories[1]: Invalid value: "1st": a DNS-1035 label must consist of lower case alphanumeric characters or \'-\', start with an alphabetic character, and end with an alphanumeric character (e.g. \'my-name\',  or \'abc-123\', regex used for validation is \'[a-z]([-a-z0-9]*[a-z0-9])?\')',
      ],
    },
    {
      name: 'no versions: no storage version, and a stored version missing from spec.versions',
      edit: (c) => (c.spec.versions = []),
      want: [
        'spec.versions: Invalid value: []apiextensions.CustomResourceDefinitionVersion{}: must have exactly one version marked as storage version',
        'status.storedVersions[0]: Invalid value: "v1": missing from spec.versions; v1 was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in v1 and removes v1 from status.storedVersions',
      ],
    },
    {
      name: 'two storage versions, and the second is not a stored version',
      edit: (c) => c.spec.versions!.push({ name: 'v2', served: true, storage: true, schema: { openAPIV3Schema: structuredClone(widgetSchema) } }),
      want: [
        'spec.versions: Invalid value: []apiextensions.CustomResourceDefinitionVersion{apiextensions.CustomResourceDefinitionVersion{Name:"v1", Served:true, Storage:true, Deprecated:false, DeprecationWarning:(*string)(nil), Schema:(*apiextensions.CustomResourceValidation)(nil), Subresources:(*apiextensions.CustomResourceSubresources)(nil), AdditionalPrinterColumns:[]apiextensions.CustomResourceColumnDefinition(nil), SelectableFields:[]apiextensions.SelectableField(nil)}, apiextensions.CustomResourceDefinitionVersion{Name:"v2", Served:true, Storage:true, Deprecated:false, DeprecationWarning:(*string)(nil), Schema:(*apiextensions.CustomResourceValidation)(nil), Subresources:(*apiextensions.CustomResourceSubresources)(nil), AdditionalPrinterColumns:[]apiextensions.CustomResourceColumnDefinition(nil), SelectableFields:[]apiextensions.SelectableField(nil)}}: must have exactly one version marked as storage version',
        'status.storedVersions: Invalid value: []string{"v1"}: must have the storage version v2',
      ],
    },
    {
      name: 'version names are unique DNS-1035 labels',
      edit: (c) => {
        c.spec.versions!.push({ name: 'v1', served: false, storage: false, schema: { openAPIV3Schema: structuredClone(widgetSchema) } });
        c.spec.versions!.push({ name: 'V2', served: false, storage: false, schema: { openAPIV3Schema: structuredClone(widgetSchema) } });
      },
      want: [
        'spec.versions[2].name: Invalid value: "V2": a DNS-1035 label must consist of lower case alphanumeric characters or \'-\', start with an alphabetic character, and end with an alphanumeric character (e.g. \'my-name\',  or \'abc-123\', regex used for validation is \'[a-z]([-a-z0-9]*[a-z0-9])?\')',
        expect.stringMatching(/^spec\.versions: Invalid value: \[\]apiextensions\.CustomResourceDefinitionVersion\{.*Name:"V2".*\}: must contain unique version names$/) as unknown as string,
      ],
    },
    {
      name: 'every version needs a schema',
      edit: (c) => {
        delete v1(c).schema;
        c.spec.versions!.push({ name: 'v2', served: true, storage: false });
      },
      want: ['spec.versions[0].schema.openAPIV3Schema: Required value: schemas are required', 'spec.versions[1].schema.openAPIV3Schema: Required value: schemas are required'],
    },
    {
      name: 'structural: every property has a type (reported under spec.validation when all versions share the schema)',
      edit: (c) => (schema(c).properties!.spec!.properties!.size = { description: 'no type' }),
      want: ['spec.validation.openAPIV3Schema.properties[spec].properties[size].type: Required value: must not be empty for specified object fields'],
    },
    {
      name: 'structural, per version: paths under spec.versions[i] when schemas differ',
      edit: (c) => c.spec.versions!.push({ name: 'v2', served: true, storage: false, schema: { openAPIV3Schema: { type: 'object', properties: { a: {}, b: { type: 'array' } } } } }),
      want: [
        'spec.versions[1].schema.openAPIV3Schema.properties[a].type: Required value: must not be empty for specified object fields',
        'spec.versions[1].schema.openAPIV3Schema.properties[b].items: Required value: must be specified',
      ],
    },
    {
      name: 'structural: the root is an object, arrays have items',
      edit: (c) => (v1(c).schema = { openAPIV3Schema: { type: 'array' } }),
      want: [
        'spec.validation.openAPIV3Schema.items: Required value: must be specified',
        'spec.validation.openAPIV3Schema.type: Invalid value: "array": must be object at the root',
      ],
    },
    {
      name: 'structural: metadata may only constrain name and generateName',
      edit: (c) => (schema(c).properties!.metadata = { type: 'object', properties: { labels: { type: 'object' } } }),
      want: [
        'spec.validation.openAPIV3Schema.properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified',
      ],
    },
    {
      name: 'structural: value validations restrict, they do not declare',
      edit: (c) => {
        schema(c).properties!.spec!.anyOf = [{ type: 'object', description: 'd' }, { properties: { other: { nullable: true } } }];
        // Completeness is checked at the root only, as upstream does.
        schema(c).oneOf = [{ properties: { spec: {}, nosuch: {} } }];
      },
      want: [
        'spec.validation.openAPIV3Schema.properties[nosuch]: Required value: because it is defined in spec.validation.openAPIV3Schema.oneOf[0].properties[nosuch]',
        'spec.validation.openAPIV3Schema.properties[spec].anyOf[0].description: Forbidden: must be empty to be structural',
        'spec.validation.openAPIV3Schema.properties[spec].anyOf[0].type: Forbidden: must be empty to be structural',
        'spec.validation.openAPIV3Schema.properties[spec].anyOf[1].properties[other].nullable: Forbidden: must be false to be structural',
      ],
    },
    {
      name: 'int-or-string: no type needed; anyOf integer/string is allowed',
      edit: (c) =>
        (schema(c).properties!.port = { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }], 'x-kubernetes-preserve-unknown-fields': true }),
      want: ['spec.validation.openAPIV3Schema.properties[port].x-kubernetes-preserve-unknown-fields: Invalid value: true: must be false if x-kubernetes-int-or-string is true'],
    },
    {
      name: 'x-kubernetes-preserve-unknown-fields is true or unset; unsupported JSON-Schema fields',
      edit: (c) => {
        schema(c)['x-kubernetes-preserve-unknown-fields'] = false;
        schema(c).properties!.spec!.uniqueItems = true;
        schema(c).properties!.spec!.$ref = '#/definitions/x';
        schema(c).properties!.spec!.additionalItems = false;
      },
      want: [
        'spec.validation.openAPIV3Schema.properties[spec].additionalItems: Forbidden: additionalItems is not supported',
        'spec.validation.openAPIV3Schema.properties[spec].$ref: Forbidden: $ref is not supported',
        'spec.validation.openAPIV3Schema.properties[spec].uniqueItems: Forbidden: uniqueItems cannot be set to true since the runtime complexity becomes quadratic',
        'spec.validation.openAPIV3Schema.x-kubernetes-preserve-unknown-fields: Invalid value: false: must be true or undefined',
      ],
    },
    {
      name: 'type is an OpenAPI v3 type, never null',
      edit: (c) => (schema(c).properties!.spec!.properties!.color!.type = 'null'),
      want: [
        'spec.validation.openAPIV3Schema.properties[spec].properties[color].type: Unsupported value: "null": supported values: "array", "boolean", "integer", "number", "object", "string"',
        'spec.validation.openAPIV3Schema.properties[spec].properties[color].type: Forbidden: type cannot be set to null, use nullable as an alternative',
      ],
    },
    {
      name: 'additionalProperties and properties are mutually exclusive; no additionalProperties at the root',
      edit: (c) => {
        schema(c).properties!.spec!.additionalProperties = { type: 'string' };
        schema(c).additionalProperties = true;
      },
      want: [
        'spec.validation.openAPIV3Schema.additionalProperties: Forbidden: must not be used at the root',
        'spec.validation.openAPIV3Schema.properties[spec].additionalProperties: Forbidden: additionalProperties and properties are mutual exclusive',
      ],
    },
    {
      name: 'list types: map lists need keys that are properties, required or defaulted',
      edit: (c) => {
        schema(c).properties!.spec!.properties!.ports = {
          type: 'array',
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['name', 'missing'],
          items: { type: 'object', properties: { name: { type: 'string' } } },
        };
        schema(c).properties!.spec!.properties!.tags = { type: 'string', 'x-kubernetes-list-type': 'set' };
      },
      want: [
        'spec.validation.openAPIV3Schema.properties[spec].properties[ports].x-kubernetes-list-map-keys: Invalid value: []string{"name", "missing"}: entries must all be names of item properties',
        'spec.validation.openAPIV3Schema.properties[spec].properties[ports].items.properties[name].default: Required value: this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property',
        'spec.validation.openAPIV3Schema.properties[spec].properties[tags].type: Invalid value: "string": must be array if x-kubernetes-list-type is specified',
      ],
    },
    {
      name: 'x-kubernetes-validations: a rule, a supported reason, a valid fieldPath',
      edit: (c) =>
        (schema(c).properties!.spec!['x-kubernetes-validations'] = [
          { rule: ' ' },
          { rule: 'self.size > 0', reason: 'FieldValueTooBig' },
          { rule: 'self.size > 0', fieldPath: '.nosuch' },
          { rule: 'self.size > 0\n&& true' },
        ]),
      want: [
        'spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule: Required value: rule is not specified',
        'spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[1].reason: Unsupported value: "FieldValueTooBig": supported values: "FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid", "FieldValueRequired"',
        'spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[2].fieldPath: Invalid value: ".nosuch": fieldPath must be a valid path',
        'spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[3].message: Required value: message must be specified if rule contains line breaks',
      ],
    },
    {
      name: 'defaults are forbidden in top-level metadata',
      edit: (c) => (schema(c).properties!.metadata = { type: 'object', default: { name: 'x' } }),
      want: ['spec.validation.openAPIV3Schema.properties[metadata].default: Forbidden: must not be set in top-level metadata'],
    },
    {
      name: 'with a status subresource, the root holds only what survives the split',
      edit: (c) => {
        v1(c).subresources = { status: {} };
        schema(c).nullable = true;
      },
      want: [
        expect.stringMatching(/^spec\.validation\.openAPIV3Schema: Invalid value: .*: only \[Description Type Format Title Maximum ExclusiveMaximum Minimum ExclusiveMinimum MaxLength MinLength Pattern MaxItems MinItems UniqueItems MultipleOf Required Items Properties ExternalDocs Example XPreserveUnknownFields XValidations\] fields are allowed at the root of the schema if the status subresource is enabled$/) as unknown as string,
        'spec.validation.openAPIV3Schema.nullable: Forbidden: nullable cannot be true at the root',
      ],
    },
    {
      name: 'subresources: scale paths under .spec and .status',
      edit: (c) => (v1(c).subresources = { scale: { specReplicasPath: 'spec.replicas', statusReplicasPath: '.spec.replicas', labelSelectorPath: '.metadata.labels' } }),
      want: [
        'spec.subresources.scale.specReplicasPath: Invalid value: "spec.replicas": must be a simple json path starting with .',
        'spec.subresources.scale.statusReplicasPath: Invalid value: ".spec.replicas": should be a json path under .status',
        'spec.subresources.scale.labelSelectorPath: Invalid value: ".metadata.labels": should be a json path under either .spec or .status',
      ],
    },
    {
      name: 'printer columns: a known type and format, a JSONPath',
      edit: (c) => (v1(c).additionalPrinterColumns = [{ name: 'Size', type: 'float', format: 'uuid', jsonPath: '' }]),
      want: [
        'spec.additionalPrinterColumns[0].type: Invalid value: "float": must be one of boolean,date,integer,number,string',
        'spec.additionalPrinterColumns[0].format: Invalid value: "uuid": must be one of byte,date,date-time,double,float,int32,int64,password',
        'spec.additionalPrinterColumns[0].JSONPath: Required value',
      ],
    },
    {
      name: 'selectable fields: string, boolean or integer fields outside metadata',
      edit: (c) => {
        schema(c).properties!.metadata = { type: 'object', properties: { name: { type: 'string' } } };
        v1(c).selectableFields = [{ jsonPath: '.spec.size' }, { jsonPath: '.spec' }, { jsonPath: '.metadata.name' }, { jsonPath: '.spec.nosuch' }, { jsonPath: '.spec.size' }];
      },
      want: [
        'spec.selectableFields[1].jsonPath: Invalid value: ".spec": must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.',
        'spec.selectableFields[2].jsonPath: Invalid value: ".metadata.name": must not point to fields in metadata',
        'spec.selectableFields[3].jsonPath: Invalid value: ".spec.nosuch": is an invalid path: does not refer to a valid field',
        'spec.selectableFields[4].jsonPath: Duplicate value: ".spec.size"',
      ],
    },
    {
      name: 'deprecationWarning only for deprecated versions',
      edit: (c) => (v1(c).deprecationWarning = 'old'),
      want: ['spec.versions[0].deprecationWarning: Invalid value: "old": can only be set for deprecated versions'],
    },
    {
      name: 'webhook conversion: https URL without user, query or fragment',
      edit: (c) => (c.spec.conversion = { strategy: 'Webhook', webhook: { clientConfig: { url: 'http://me@conv.example.com/x?y=1#z' }, conversionReviewVersions: ['v1'] } }),
      want: [
        'spec.conversion.webhookClientConfig.url: Invalid value: "http": \'https\' is the only allowed URL scheme; desired format: https://host[/path]',
        'spec.conversion.webhookClientConfig.url: Invalid value: "me": user information is not permitted in the URL',
        'spec.conversion.webhookClientConfig.url: Invalid value: "z": fragments are not permitted in the URL',
        'spec.conversion.webhookClientConfig.url: Invalid value: "y=1": query parameters are not permitted in the URL',
      ],
    },
    {
      name: 'webhook conversion: a valid service and a known ConversionReview version',
      edit: (c) =>
        (c.spec.conversion = {
          strategy: 'Webhook',
          webhook: { clientConfig: { service: { namespace: 'ns', name: '', port: 70000, path: 'convert' } }, conversionReviewVersions: ['v3', 'v3'] },
        }),
      want: [
        'spec.conversion.webhookClientConfig.service.name: Required value: service name is required',
        'spec.conversion.webhookClientConfig.service.port: Invalid value: 70000: port is not valid: must be between 1 and 65535, inclusive',
        "spec.conversion.webhookClientConfig.service.path: Invalid value: \"convert\": must start with a '/'",
        'spec.conversion.conversionReviewVersions[1]: Invalid value: "v3": duplicate version',
        'spec.conversion.conversionReviewVersions: Invalid value: []string{"v3", "v3"}: must include at least one of v1, v1beta1',
      ],
    },
    {
      name: 'conversion: webhook settings only with the Webhook strategy',
      edit: (c) => (c.spec.conversion = { strategy: 'None', webhook: { clientConfig: { url: 'https://x.example.com' }, conversionReviewVersions: ['v1'] } }),
      want: [
        'spec.conversion.webhookClientConfig: Forbidden: should not be set when strategy is not set to Webhook',
        'spec.conversion.conversionReviewVersions: Forbidden: should not be set when strategy is not set to Webhook',
      ],
    },
    {
      name: 'preserveUnknownFields cannot be set to true',
      edit: (c) => (c.spec.preserveUnknownFields = true),
      want: ['spec.preserveUnknownFields: Invalid value: true: cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead'],
    },
    {
      name: 'groups under k8s.io need the API approval annotation',
      edit: (c) => {
        c.spec.group = 'widgets.k8s.io';
        c.metadata!.name = 'widgets.widgets.k8s.io';
      },
      want: [
        'metadata.annotations[api-approved.kubernetes.io]: Required value: protected groups must have approval annotation "api-approved.kubernetes.io", see https://github.com/kubernetes/enhancements/pull/1111',
      ],
    },
    {
      name: 'an approval annotation is a URL or starts with "unapproved"',
      edit: (c) => {
        c.spec.group = 'widgets.k8s.io';
        c.metadata!.name = 'widgets.widgets.k8s.io';
        c.metadata!.annotations = { 'api-approved.kubernetes.io': 'yes' };
      },
      want: [
        'metadata.annotations[api-approved.kubernetes.io]: Invalid value: "yes": protected groups must have approval annotation "api-approved.kubernetes.io" with either a URL or a reason starting with "unapproved", see https://github.com/kubernetes/enhancements/pull/1111',
      ],
    },
    {
      name: 'storedVersions must not be empty',
      edit: (c) => (c.status = { storedVersions: [] }),
      want: ['status.storedVersions: Invalid value: []string{}: must have at least one stored version'],
    },
  ];

  it.each(cases)('$name', ({ edit, want }) => {
    expect(strings(kind.validate(crd(edit)))).toEqual(want);
  });

  it('has at least 30 invalid cases, each with a cause kube reports', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  it('approval annotations that pass: a URL, or a reason starting with "unapproved"', () => {
    for (const value of ['https://github.com/kubernetes/enhancements/pull/1111', 'unapproved, experimental']) {
      const c = crd((c) => {
        c.spec.group = 'widgets.k8s.io';
        c.metadata!.name = 'widgets.widgets.k8s.io';
        c.metadata!.annotations = { 'api-approved.kubernetes.io': value };
      });
      expect(kind.validate(c), value).toEqual([]);
    }
  });

  it('error types are kube’s cause reasons', () => {
    const errs = kind.validate(crd((c) => ((c.spec.scope = ''), (c.spec.names!.plural = ''), (c.metadata!.name = '.example.com'))));
    expect(errs.map((e) => [e.field, e.type])).toEqual(
      expect.arrayContaining([
        ['spec.scope', 'FieldValueRequired'],
        ['spec.names.plural', 'FieldValueRequired'],
        ['metadata.name', 'FieldValueInvalid'],
      ]),
    );
  });
});

describe('ValidateCustomResourceDefinitionUpdate', () => {
  const established = (c: CustomResourceDefinition) => ((c.status ??= {}).conditions = [{ type: 'Established', status: 'True' }]);

  it('group and plural are immutable; so are scope and kind once Established', () => {
    const old = crd();
    const next = crd((c) => {
      c.spec.group = 'example.org';
      c.spec.scope = 'Cluster';
      c.spec.names!.kind = 'Gadget';
      c.spec.names!.listKind = 'GadgetList';
      c.spec.names!.singular = 'gadget';
      c.metadata!.resourceVersion = '1';
    });
    old.metadata!.resourceVersion = '1';
    expect(strings(kind.validateUpdate(next, old))).toEqual(['spec.group: Invalid value: "example.org": field is immutable']);
    established(old);
    expect(strings(kind.validateUpdate(next, old))).toEqual([
      'spec.scope: Invalid value: "Cluster": field is immutable',
      'spec.names.kind: Invalid value: "Gadget": field is immutable',
      'spec.group: Invalid value: "example.org": field is immutable',
    ]);
  });

  it('a version stays in spec.versions while it is in storedVersions', () => {
    const old = crd((c) => {
      c.spec.versions!.push({ name: 'v2', served: true, storage: false, schema: { openAPIV3Schema: structuredClone(widgetSchema) } });
      c.status = { storedVersions: ['v1', 'v2'] };
      c.metadata!.resourceVersion = '5';
    });
    const next = crd((c) => {
      c.status = { storedVersions: ['v1', 'v2'] };
      c.metadata!.resourceVersion = '5';
    });
    expect(strings(kind.validateUpdate(next, old))).toEqual([
      'status.storedVersions[1]: Invalid value: "v2": missing from spec.versions; v2 was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in v2 and removes v2 from status.storedVersions',
    ]);
  });

  it('rules the stored object already breaks are not enforced on update (ratcheting)', () => {
    const legacy = (c: CustomResourceDefinition & { spec: NonNullable<CustomResourceDefinition['spec']> }) => {
      schema(c).properties!.spec!.properties!.size!.type = 'bogus';
      schema(c).properties!.spec!.properties!.ports = {
        type: 'array',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['name'],
        items: { type: 'object', properties: { name: { type: 'string' } } },
      };
      c.metadata!.resourceVersion = '3';
    };
    const next = crd((c) => (legacy(c), (schema(c).properties!.spec!.properties!.color!.type = 'bogus')));
    expect(kind.validateUpdate(next, crd(legacy))).toEqual([]);
    // From a CRD that follows the rules, they are enforced.
    expect(strings(kind.validateUpdate(next, crd((c) => (c.metadata!.resourceVersion = '3'))))).toEqual([
      'spec.validation.openAPIV3Schema.properties[spec].properties[size].type: Unsupported value: "bogus": supported values: "array", "boolean", "integer", "number", "object", "string"',
      'spec.validation.openAPIV3Schema.properties[spec].properties[color].type: Unsupported value: "bogus": supported values: "array", "boolean", "integer", "number", "object", "string"',
      'spec.validation.openAPIV3Schema.properties[spec].properties[ports].items.properties[name].default: Required value: this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property',
    ]);
  });

  it("a conversion webhook's caBundle must be a CA bundle once the CRD is established, unless the stored one was not", () => {
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const withBundle = (caBundle: string) => (c: CustomResourceDefinition & { spec: NonNullable<CustomResourceDefinition['spec']> }) => {
      c.spec.conversion = { strategy: 'Webhook', webhook: { clientConfig: { url: 'https://127.0.0.1:8443/convert', caBundle }, conversionReviewVersions: ['v1'] } };
      c.metadata!.resourceVersion = '7';
    };
    const notPem = b64('ab');
    const key = b64('-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n');
    const badCert = b64('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n');
    // Accepted on create and before the CRD is established.
    expect(kind.validate(crd(withBundle(notPem)))).toEqual([]);
    expect(kind.validateUpdate(crd(withBundle(notPem)), crd(withBundle('')))).toEqual([]);
    const old = crd(withBundle(''));
    established(old);
    const path = 'spec.conversion.webhookClientConfig.caBundle: Invalid value: ';
    expect(strings(kind.validateUpdate(crd(withBundle(notPem)), old))).toEqual([`${path}[]byte{0x61, 0x62}: unable to load root certificates: unable to parse bytes as PEM block`]);
    expect(strings(kind.validateUpdate(crd(withBundle(key)), old))).toEqual([
      `${path}${goBytesOf(key)}: unable to load root certificates: no valid certificate authority data seen`,
    ]);
    expect(strings(kind.validateUpdate(crd(withBundle(badCert)), old))).toEqual([
      `${path}${goBytesOf(badCert)}: unable to load root certificates: failed to parse certificate: x509: malformed certificate`,
    ]);
    // A stored bundle that is invalid already lets an update keep an invalid one (ratcheting).
    const oldInvalid = crd(withBundle(notPem));
    established(oldInvalid);
    expect(kind.validateUpdate(crd(withBundle(key)), oldInvalid)).toEqual([]);
  });

  it('a v1 schema must stay structural, whatever the stored one was', () => {
    const loose = (c: CustomResourceDefinition & { spec: NonNullable<CustomResourceDefinition['spec']> }) => {
      schema(c).properties!.loose = {};
      c.metadata!.resourceVersion = '3';
    };
    expect(strings(kind.validateUpdate(crd(loose), crd(loose)))).toEqual([
      'spec.validation.openAPIV3Schema.properties[loose].type: Required value: must not be empty for specified object fields',
    ]);
  });
});
