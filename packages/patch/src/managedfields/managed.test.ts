// Port of k8s.io/apimachinery/pkg/util/managedfields/internal/managedfields_test.go (v0.33.9):
// managedFields decoded and encoded, manager identifiers and the order kube stores entries in.
import { describe, expect, it } from 'vitest';
import { encodeYaml, yamlToJson, type ManagedFieldsEntry } from '@kapi/apimachinery';
import { buildManagerIdentifier, decodeManagedFields, encodeManagedFields, sortEncodedManagedFields } from './managed.ts';

function entries(yaml: string): ManagedFieldsEntry[] {
  return (yamlToJson(yaml) ?? []) as ManagedFieldsEntry[];
}

const valid = `- apiVersion: v1
  fieldsType: FieldsV1
  fieldsV1:
    f:field: {}
  manager: foo
  operation: Apply
`;

describe('managedfields_test.go', () => {
  // Decoding fails without a proper fieldsType.
  it('TestHasFieldsType', () => {
    expect(() => decodeManagedFields(entries(valid))).not.toThrow();
    // Invalid fieldsType FieldsV2.
    expect(() =>
      decodeManagedFields(
        entries(`- apiVersion: v1
  fieldsType: FieldsV2
  fieldsV1:
    f:field: {}
  manager: foo
  operation: Apply
`),
      ),
    ).toThrow('invalid fieldsType "FieldsV2" in managed fields entry 0');
    // Missing fieldsType.
    expect(() =>
      decodeManagedFields(
        entries(`- apiVersion: v1
  fieldsV1:
    f:field: {}
  manager: foo
  operation: Apply
`),
      ),
    ).toThrow('missing fieldsType in managed fields entry 0');
  });

  // Decoding fails without an apiVersion.
  it('TestHasAPIVersion', () => {
    expect(() => decodeManagedFields(entries(valid))).not.toThrow();
    expect(() =>
      decodeManagedFields(
        entries(`- fieldsType: FieldsV1
  fieldsV1:
    f:field: {}
  manager: foo
  operation: Apply
`),
      ),
    ).toThrow('apiVersion must not be empty');
  });

  // Decoding fails without a proper operation.
  it('TestHasOperation', () => {
    expect(() => decodeManagedFields(entries(valid))).not.toThrow();
    expect(() =>
      decodeManagedFields(
        entries(`- apiVersion: v1
  fieldsType: FieldsV1
  fieldsV1:
    f:field: {}
  manager: foo
  operation: Invalid
`),
      ),
    ).toThrow('operation must be `Apply` or `Update`');
    expect(() =>
      decodeManagedFields(
        entries(`- apiVersion: v1
  fieldsType: FieldsV1
  fieldsV1:
    f:field: {}
  manager: foo
`),
      ),
    ).toThrow('operation must be `Apply` or `Update`');
  });

  // The wire format to field sets and back, byte for byte (through sigs.k8s.io/yaml).
  describe('TestRoundTripManagedFields', () => {
    const tests = [
      `null
`,
      `- apiVersion: v1
  fieldsType: FieldsV1
  fieldsV1:
    v:3:
      f:alsoPi: {}
    v:3.1415:
      f:pi: {}
    v:false:
      f:notTrue: {}
  manager: foo
  operation: Update
  time: "2001-02-03T04:05:06Z"
- apiVersion: v1beta1
  fieldsType: FieldsV1
  fieldsV1:
    i:5:
      f:i: {}
  manager: foo
  operation: Update
  time: "2011-12-13T14:15:16Z"
`,
      `- apiVersion: v1
  fieldsType: FieldsV1
  fieldsV1:
    f:spec:
      f:containers:
        k:{"name":"c"}:
          f:image: {}
          f:name: {}
  manager: foo
  operation: Apply
`,
      `- apiVersion: v1
  fieldsType: FieldsV1
  fieldsV1:
    f:apiVersion: {}
    f:kind: {}
    f:metadata:
      f:labels:
        f:app: {}
      f:name: {}
    f:spec:
      f:replicas: {}
      f:selector:
        f:matchLabels:
          f:app: {}
      f:template:
        f:medatada:
          f:labels:
            f:app: {}
        f:spec:
          f:containers:
            k:{"name":"nginx"}:
              .: {}
              f:image: {}
              f:name: {}
              f:ports:
                i:0:
                  f:containerPort: {}
  manager: foo
  operation: Update
`,
      `- apiVersion: v1
  fieldsType: FieldsV1
  fieldsV1:
    f:allowVolumeExpansion: {}
    f:apiVersion: {}
    f:kind: {}
    f:metadata:
      f:name: {}
      f:parameters:
        f:resturl: {}
        f:restuser: {}
        f:secretName: {}
        f:secretNamespace: {}
    f:provisioner: {}
  manager: foo
  operation: Apply
`,
      `- apiVersion: v1
  fieldsType: FieldsV1
  fieldsV1:
    f:apiVersion: {}
    f:kind: {}
    f:metadata:
      f:name: {}
    f:spec:
      f:group: {}
      f:names:
        f:kind: {}
        f:plural: {}
        f:shortNames:
          i:0: {}
        f:singular: {}
      f:scope: {}
      f:versions:
        k:{"name":"v1"}:
          f:name: {}
          f:served: {}
          f:storage: {}
  manager: foo
  operation: Update
`,
      `- apiVersion: v1
  fieldsType: FieldsV1
  fieldsV1:
    f:spec:
      f:replicas: {}
  manager: foo
  operation: Update
  subresource: scale
`,
    ];
    it.each(tests)('%s', (test) => {
      const decoded = decodeManagedFields(entries(test));
      const encoded = encodeManagedFields(decoded);
      expect(encodeYaml(encoded ?? null)).toBe(test);
    });
  });

  describe('TestBuildManagerIdentifier', () => {
    it.each([
      [
        `
apiVersion: v1
fieldsV1:
  f:apiVersion: {}
manager: foo
operation: Update
time: "2001-02-03T04:05:06Z"
`,
        '{"manager":"foo","operation":"Update","apiVersion":"v1"}',
      ],
      [
        `
apiVersion: v1
fieldsV1:
  f:apiVersion: {}
manager: foo
operation: Apply
time: "2001-02-03T04:05:06Z"
`,
        '{"manager":"foo","operation":"Apply"}',
      ],
      [
        `
apiVersion: v1
fieldsV1:
  f:apiVersion: {}
manager: foo
operation: Apply
subresource: scale
time: "2001-02-03T04:05:06Z"
`,
        '{"manager":"foo","operation":"Apply","subresource":"scale"}',
      ],
    ])('%s', (entry, expected) => {
      expect(buildManagerIdentifier(yamlToJson(entry) as ManagedFieldsEntry)).toBe(expected);
    });
  });

  describe('TestSortEncodedManagedFields', () => {
    const e = (manager: string, operation: 'Apply' | 'Update', time?: string, subresource?: string): ManagedFieldsEntry => ({
      manager,
      operation,
      ...(time !== undefined ? { time } : {}),
      ...(subresource !== undefined ? { subresource } : {}),
    });
    const t2001 = '2001-01-01T01:00:00Z';
    const t2002 = '2002-01-01T01:00:00Z';
    const t2003 = '2003-01-01T01:00:00Z';
    // time.Date(2000, time.January, 0, 0, 0, 0, n, time.UTC): 1999-12-31 plus n nanoseconds.
    const nanos = (n: number) => `1999-12-31T00:00:00.${String(n).padStart(9, '0')}Z`;
    const tests: [string, ManagedFieldsEntry[], ManagedFieldsEntry[]][] = [
      ['empty', [], []],
      // "nil": Go's nil slice, which stays nil; a TypeScript array has no nil.
      ['remains untouched', [e('a', 'Apply'), e('a', 'Update', t2001)], [e('a', 'Apply'), e('a', 'Update', t2001)]],
      ['manager without time first', [e('a', 'Apply'), e('a', 'Apply', t2001)], [e('a', 'Apply'), e('a', 'Apply', t2001)]],
      [
        'manager without time first name last',
        [e('a', 'Apply', t2001), e('b', 'Apply'), e('a', 'Apply')],
        [e('a', 'Apply'), e('b', 'Apply'), e('a', 'Apply', t2001)],
      ],
      ['apply first', [e('a', 'Update', t2001), e('a', 'Apply')], [e('a', 'Apply'), e('a', 'Update', t2001)]],
      [
        'newest last',
        [e('c', 'Update', t2001), e('a', 'Apply'), e('c', 'Update', t2002), e('b', 'Apply')],
        [e('a', 'Apply'), e('b', 'Apply'), e('c', 'Update', t2001), e('c', 'Update', t2002)],
      ],
      [
        'manager last',
        [e('c', 'Update', t2001), e('a', 'Apply'), e('d', 'Update', t2001), e('b', 'Apply')],
        [e('a', 'Apply'), e('b', 'Apply'), e('c', 'Update', t2001), e('d', 'Update', t2001)],
      ],
      [
        'manager sorted',
        [
          e('c', 'Update', t2001),
          e('a', 'Apply'),
          e('g', 'Apply'),
          e('f', 'Update', t2002),
          e('i', 'Apply'),
          e('d', 'Update', t2002),
          e('h', 'Apply'),
          e('e', 'Update', t2003),
          e('b', 'Apply'),
        ],
        [
          e('a', 'Apply'),
          e('b', 'Apply'),
          e('g', 'Apply'),
          e('h', 'Apply'),
          e('i', 'Apply'),
          e('c', 'Update', t2001),
          e('d', 'Update', t2002),
          e('f', 'Update', t2002),
          e('e', 'Update', t2003),
        ],
      ],
      [
        'sort drops nanoseconds',
        [e('c', 'Update', nanos(1)), e('a', 'Update', nanos(2)), e('b', 'Update', nanos(3))],
        [e('a', 'Update', nanos(2)), e('b', 'Update', nanos(3)), e('c', 'Update', nanos(1))],
      ],
      [
        'entries with subresource field',
        [e('a', 'Apply', undefined, 'status'), e('a', 'Apply', undefined, 'scale'), e('a', 'Apply')],
        [e('a', 'Apply'), e('a', 'Apply', undefined, 'scale'), e('a', 'Apply', undefined, 'status')],
      ],
    ];
    it.each(tests)('%s', (_name, input, expected) => {
      expect(sortEncodedManagedFields(input)).toStrictEqual(expected);
    });
    it.skip('nil (Go: a nil slice sorts to nil; TypeScript arrays have no nil)', () => {});
  });
});
