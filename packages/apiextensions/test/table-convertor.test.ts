// kube's tableconvertor_test.go (apiextensions-apiserver v0.33.13), the default columns of
// pkg/apiserver/helpers.go, and client-go jsonpath as the convertor uses it (expected values from
// client-go v0.33.13 run on the same paths and data).
import { describe, expect, it } from 'vitest';
import { objectMetaCreationTimestampDescription, objectMetaNameDescription, type KubeObject } from '@kapi/apimachinery';
import { cellForJsonValue, createCustomResourceTableConvertor, printerColumnsOf, scalePrinterColumnsOf, type PrinterColumn } from '../src/table-convertor.ts';
import { createJsonPath, JsonPathError } from '../src/jsonpath.ts';

const now = Date.parse('2024-05-01T12:00:00Z');
const rfc3339 = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const hour = 3600_000;

describe('cellForJsonValue (kube Test_cellForJSONValue)', () => {
  const cases: [type: string, value: unknown, want: unknown][] = [
    ['integer', 42, 42],
    ['integer', 3.14, 3],
    ['integer', true, null],
    ['integer', 'foo', null],
    ['number', 42, 42],
    ['number', 3.14, 3.14],
    ['number', true, null],
    ['number', 'foo', null],
    ['boolean', 42, null],
    ['boolean', 3.14, null],
    ['boolean', true, true],
    ['boolean', 'foo', null],
    ['string', 42, null],
    ['string', 3.14, null],
    ['string', true, null],
    ['string', 'foo', 'foo'],
    ['date', 42, null],
    ['date', 3.14, null],
    ['date', true, null],
    ['date', rfc3339(now - 12 * hour - 30 * 60_000), '12h'],
    ['date', rfc3339(now + 12 * hour + 30 * 60_000), '<invalid>'],
    ['date', '', '<unknown>'],
    ['unknown', 'foo', null],
    // beyond kube's table: what metav1.Time.UnmarshalQueryParameter and HumanDuration make of these
    ['date', 'null', '<unknown>'],
    ['date', '0001-01-01T00:00:00Z', '<unknown>'],
    ['date', 'yesterday', '<invalid>'],
    ['date', '2024-05-01t11:00:00z', '<invalid>'],
    ['date', '2024-02-30T11:00:00Z', '<invalid>'],
    ['date', '2024-05-01T13:00:00+02:00', '60m'],
    ['date', '2024-05-01T11:59:00.999Z', '59s'],
    ['date', '2024-04-28T10:00:00Z', '3d2h'],
    ['integer', null, null],
  ];
  for (const [type, value, want] of cases) {
    it(`${JSON.stringify(value)} of type ${type}`, () => {
      expect(cellForJsonValue(type, value, now)).toEqual(want);
    });
  }
});

/** kube's fields{headers, additionalColumns} as printer columns: the test's headers beyond `name`, typed. */
function convertor(columns: [name: string, type: string, path: string][]) {
  const { convertor, error } = createCustomResourceTableConvertor(columns.map(([name, type, jsonPath]) => ({ name, type, jsonPath })));
  expect(error).toBeUndefined();
  return convertor;
}

const istio = (spec: unknown): KubeObject => ({ apiVersion: 'example.istio.io/v1alpha1', kind: 'Blah', metadata: { name: 'blah' }, spec });

describe('ConvertToTable (kube Test_convertor_ConvertToTable)', () => {
  it('Return table for object / list / Accept TableOptions: the name cell', () => {
    const c = convertor([]);
    expect(c.cells({ metadata: { name: 'blah', creationTimestamp: '1970-01-01T00:00:01Z' } }, now)).toEqual(['blah']);
    expect(c.cells({ metadata: { name: 'blah-2', creationTimestamp: '1970-01-01T00:00:02Z' } }, now)).toEqual(['blah-2']);
    expect(c.emptyRowsAsArray).toBe(true);
  });

  const columns = (type: string): [string, string, string][] => [
    ['valueOnly', type, '.spec.x[0].y[0]'],
    ['single1', type, '.spec.x[0].y'],
    ['single2', type, '.spec.x[1].y'],
    ['multi', type, '.spec.x[*].y'],
  ];
  const paths = (cols: [string, string, string][], x: string, y: string) => cols.map(([n, t, p]) => [n, t, p.replace('x', x).replace('y', y)] as [string, string, string]);

  it('Return table with additional column containing multiple string values', () => {
    const c = convertor(paths(columns('string'), 'servers', 'hosts'));
    expect(c.cells(istio({ servers: [{ hosts: ['foo'] }, { hosts: ['bar', 'baz'] }] }), now)).toEqual(['blah', 'foo', '["foo"]', '["bar","baz"]', '["foo"]']);
  });

  it('Return table with additional column containing multiple integer values as string', () => {
    const c = convertor(paths(columns('string'), 'foo', 'bar'));
    expect(c.cells(istio({ foo: [{ bar: [1] }, { bar: [2, 3] }] }), now)).toEqual(['blah', '1', '[1]', '[2,3]', '[1]']);
  });

  it('Return table with additional column containing multiple integer values', () => {
    const c = convertor(paths(columns('integer'), 'foo', 'bar'));
    expect(c.cells(istio({ foo: [{ bar: [1] }, { bar: [2, 3] }] }), now)).toEqual(['blah', 1, null, null, null]);
  });
});

describe('createCustomResourceTableConvertor (tableconvertor.New)', () => {
  it('columns: Name, then each printer column with its format, priority and description (or the JSONPath one)', () => {
    const { convertor: c } = createCustomResourceTableConvertor([
      { name: 'Ready', type: 'string', jsonPath: '.status.conditions[?(@.type=="Ready")].status' },
      { name: 'Secret', type: 'string', format: 'name', description: 'The secret', priority: 1, jsonPath: '.spec.secretName' },
    ]);
    expect(c.columns).toEqual([
      { name: 'Name', type: 'string', format: 'name', description: objectMetaNameDescription, priority: 0 },
      {
        name: 'Ready',
        type: 'string',
        format: '',
        description: 'Custom resource definition column (in JSONPath format): .status.conditions[?(@.type=="Ready")].status',
        priority: 0,
      },
      { name: 'Secret', type: 'string', format: 'name', description: 'The secret', priority: 1 },
    ]);
  });

  it("a version without printer columns gets kube's Age column (serveDefaultColumnsIfEmpty)", () => {
    const cols = printerColumnsOf({ additionalPrinterColumns: [] });
    expect(printerColumnsOf({})).toEqual(cols);
    const { convertor: c } = createCustomResourceTableConvertor(cols);
    expect(c.columns).toEqual([
      { name: 'Name', type: 'string', format: 'name', description: objectMetaNameDescription, priority: 0 },
      { name: 'Age', type: 'date', format: '', description: objectMetaCreationTimestampDescription, priority: 0 },
    ]);
    expect(c.cells({ metadata: { name: 'a', creationTimestamp: '2024-04-30T12:00:00Z' } }, now)).toEqual(['a', '24h']);
    expect(c.cells({ metadata: { name: 'a' } }, now)).toEqual(['a', null]);
    const own: PrinterColumn[] = [{ name: 'X', type: 'string', jsonPath: '.x' }];
    expect(printerColumnsOf({ additionalPrinterColumns: own })).toBe(own);
  });

  it('scale columns (getScaleColumnsForVersion)', () => {
    expect(scalePrinterColumnsOf({}).map((c) => c.name)).toEqual(['Age']);
    const cols = scalePrinterColumnsOf({ subresources: { scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas' } } });
    expect(cols.map((c) => [c.name, c.type, c.jsonPath, c.description])).toEqual([
      ['Desired', 'integer', '.spec.replicas', 'Number of desired replicas'],
      ['Available', 'integer', '.status.replicas', 'Number of actual replicas'],
      ['Age', 'date', '.metadata.creationTimestamp', objectMetaCreationTimestampDescription],
    ]);
  });

  it('a column that does not parse: the error, and the convertor as far as it got', () => {
    const r = createCustomResourceTableConvertor([
      { name: 'A', type: 'string', jsonPath: '.a' },
      { name: 'B', type: 'string', jsonPath: '.spec[' },
      { name: 'C', type: 'string', jsonPath: '.c' },
    ]);
    expect(r.error).toBe('unrecognized column definition ".spec["');
    expect(r.convertor.columns.map((c) => c.name)).toEqual(['Name', 'A']);
    expect(r.convertor.cells({ metadata: { name: 'n' }, a: 'x' }, now)).toEqual(['n', 'x']);
  });

  it('cells of a cert-manager Certificate: filters, missing values, string columns of null', () => {
    const { convertor: c } = createCustomResourceTableConvertor([
      { name: 'Ready', type: 'string', jsonPath: '.status.conditions[?(@.type=="Ready")].status' },
      { name: 'Secret', type: 'string', jsonPath: '.spec.secretName' },
      { name: 'Issuer', type: 'string', priority: 1, jsonPath: '.spec.issuerRef.name' },
      { name: 'Status', type: 'string', priority: 1, jsonPath: '.status.conditions[?(@.type=="Ready")].message' },
      { name: 'Replicas', type: 'integer', jsonPath: '.spec.replicas' },
      { name: 'Paused', type: 'boolean', jsonPath: '.spec.paused' },
      { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
    ]);
    const cert: KubeObject = {
      metadata: { name: 'example-com', creationTimestamp: '2024-05-01T11:00:00Z' },
      spec: { secretName: 'example-com-tls', issuerRef: { name: null }, replicas: '3', paused: false },
      status: { conditions: [{ type: 'Issuing', status: 'False' }, { type: 'Ready', status: 'True', message: 'Certificate is up to date and has not expired' }] },
    };
    expect(c.cells(cert, now)).toEqual(['example-com', 'True', 'example-com-tls', '<no value>', 'Certificate is up to date and has not expired', null, false, '60m']);
    expect(c.cells({ metadata: { name: 'new' } }, now)).toEqual(['new', null, null, null, null, null, null, null]);
  });
});

describe('jsonpath (client-go util/jsonpath, as the table convertor runs it)', () => {
  const data = {
    metadata: { name: 'x' },
    spec: {
      replicas: 3,
      f: 1234567.5,
      g: 0.5,
      tiny: 1.5e-7,
      n: null,
      b: true,
      m: { z: 1, a: '<&>' },
      servers: [{ hosts: ['foo'] }, { hosts: ['bar', 'baz'] }],
      empty: [],
    },
    status: { conditions: [{ type: 'Ready', status: 'True' }, { type: 'Synced', status: 'False' }, { status: 'x' }] },
  };
  // [path, first result printed | 'NONE' | 'FIND-ERR …' | 'PARSE-ERR …'], as client-go v0.33.13 answers
  const cases: [string, string][] = [
    ['.spec.replicas', '3'],
    ['.spec.f', '1.2345675e+06'],
    ['.spec.g', '0.5'],
    ['.spec.tiny', '1.5e-07'],
    ['.spec.n', '<no value>'],
    ['.spec.b', 'true'],
    ['.spec.m', '{"a":"\\u003c\\u0026\\u003e","z":1}'],
    ['.spec.servers[0].hosts[0]', 'foo'],
    ['.spec.servers[-1].hosts', '["bar","baz"]'],
    ['.spec.servers[*].hosts', '["foo"]'],
    ['.spec.servers[5]', 'FIND-ERR array index out of bounds: index 5, length 2'],
    ['.spec.empty[0]', 'FIND-ERR array index out of bounds: index 0, length 0'],
    ['.spec.missing.x', 'NONE'],
    ['.status.conditions[?(@.type=="Ready")].status', 'True'],
    ['.status.conditions[?(@.type=="Nope")].status', 'NONE'],
    ['.status.conditions[?(@.type)].status', 'True'],
    ['.status.conditions[1:].type', 'Synced'],
    ['.spec.servers[0,1].hosts', '["foo"]'],
    [".spec['m'].z", '1'],
    ['..hosts', '["foo"]'],
    ['.spec.replicas[0]', 'FIND-ERR int64 is not array or slice'],
    ['.status.conditions[?(@.status!="True")].type', 'Synced'],
    ['.spec.servers[?(@.x==3)]', 'NONE'],
    ['.spec[', 'PARSE-ERR unterminated array'],
    ['.spec.a{', "PARSE-ERR unrecognized character in action: U+007B '{'"],
    ['.spec.a b', 'FIND-ERR unrecognized identifier b'],
    ['.metadata.name}-{.spec.replicas', 'x'],
    ['.spec.x[a]', 'PARSE-ERR invalid array index a'],
    ['.spec.replicas 2', '2'],
    ['.spec.g 2.0', '2'],
  ];
  // The path forms of the fixture CRDs' printer columns, slices, and comparisons of ints and floats.
  const data2 = {
    status: { conditions: [{ type: 'Ready', status: 'True' }, { type: 'Reconciled', status: 'False' }], addresses: [{ value: '10.0.0.1' }, { value: '10.0.0.2' }] },
    spec: { hostnames: ['a.com', 'b<c'], x: { 'y.z': 1 }, n: [1, 2.5, 3] },
  };
  const cases2: [string, string][] = [
    ['.status.conditions[?(@.type == "Ready")].status', 'True'],
    [".status.conditions[?(@.type == 'Reconciled')].status", 'False'],
    ['.status.addresses[*].value', '10.0.0.1'],
    ['.spec.hostnames', '["a.com","b\\u003cc"]'],
    ['.status.conditions[?(@.type=="Ready")]', '{"status":"True","type":"Ready"}'],
    [".spec.x['y.z']", 'NONE'],
    ['.spec.x.y\\.z', '1'],
    ['.spec.n[?(@ > 2)]', 'FIND-ERR incompatible types for comparison'],
    ['.spec.n[?(@ == 2.5)]', 'FIND-ERR incompatible types for comparison'],
    ['.spec.n[::2]', '1'],
    ['.spec.n[-1:]', '3'],
    ['.spec.n[1:1]', 'NONE'],
    ['.spec.n[2:1]', 'FIND-ERR starting index 2 is greater than ending index 1'],
    ['.spec.n[0:3:0]', 'FIND-ERR step must be > 0'],
    ['.status.conditions[?(@.status=="True")].type', 'Ready'],
    ['.spec.hostnames[?(@ == "a.com")]', 'a.com'],
    ['.spec.hostnames[5:]', 'FIND-ERR array index out of bounds: index 5, length 2'],
    ['..value', '10.0.0.1'],
  ];
  for (const [d, table] of [
    [data, cases],
    [data2, cases2],
  ] as const) {
    for (const [path, want] of table) {
      it(path, () => {
        let got: string;
        try {
          const jp = createJsonPath(`{${path}}`, { allowMissingKeys: true });
          try {
            const results = jp.findResults(d);
            got = results.length === 0 || results[0]!.length === 0 ? 'NONE' : jp.printResults([results[0]![0]]);
          } catch (err) {
            if (!(err instanceof JsonPathError)) throw err;
            got = `FIND-ERR ${err.message}`;
          }
        } catch (err) {
          if (!(err instanceof JsonPathError)) throw err;
          got = `PARSE-ERR ${err.message}`;
        }
        expect(got).toBe(want);
      });
    }
  }

  it('without allowMissingKeys a missing field is an error', () => {
    expect(() => createJsonPath('{.spec.missing}').findResults(data)).toThrow('missing is not found');
  });
});
