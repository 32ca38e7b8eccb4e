// Behaviour of sigs.k8s.io/structured-merge-diff/v4/typed/parser_test.go (v4.6.0)
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deducedParseableType, newParser } from './parser.ts';
import { parseSchemaYAML, parseYAML } from './yaml.ts';

function testdata(file: string): string {
  return readFileSync(new URL(`../../test/fixtures/${file}`, import.meta.url), 'utf8');
}

function lastPart(s: string): string {
  return s.slice(s.lastIndexOf('.') + 1);
}

// Upstream's BenchmarkConvertUnstructured, run once as a test: real objects validate against the
// Kubernetes schema (the timing belongs to the bench package).
describe('BenchmarkConvertUnstructured', () => {
  const tests = [
    { typename: 'io.k8s.api.core.v1.Pod', obj: 'pod.yaml' },
    { typename: 'io.k8s.api.core.v1.Node', obj: 'node.yaml' },
    { typename: 'io.k8s.api.core.v1.Endpoints', obj: 'endpoints.yaml' },
    {
      typename: 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1beta1.CustomResourceDefinition',
      obj: 'prometheus-crd.yaml',
    },
  ];
  const parser = newParser(testdata('k8s-schema.yaml'));
  for (const test of tests) {
    it(lastPart(test.typename), () => {
      const pt = parser.type(test.typename);
      expect(pt.isValid()).toBe(true);
      const obj = parseYAML(testdata(test.obj));
      const tv = pt.fromUnstructured(obj);
      expect(tv.toFieldSet().empty()).toBe(false);
    });
  }
});

// Not upstream: the parser's own behaviour.
describe('Parser', () => {
  const schema = `types:
- name: a
  scalar: string
- name: b
  map:
    elementType:
      namedType: a
`;

  it('lists type names in schema order and defers unknown names', () => {
    const parser = newParser(schema);
    expect(parser.typeNames()).toEqual(['a', 'b']);
    expect(parser.type('b').isValid()).toBe(true);
    expect(parser.type('nope').isValid()).toBe(false);
    expect(() => parser.type('nope').fromYAML('x')).toThrow('schema error: no type found matching: nope');
  });

  it('validates the schema against the schema schema', () => {
    expect(() => newParser('types:\n- name: a\n  scalar: string\n  bogus: 1\n')).toThrow(
      'unable to validate schema: .types[name="a"].bogus: field not declared in schema',
    );
    expect(() => newParser('types:\n- name: a\n- name: a\n')).toThrow(
      'unable to validate schema: .types: duplicate entries for key [name="a"]',
    );
  });

  it('normalizes schema documents to the Go shape', () => {
    const doc = parseSchemaYAML(`types:
- name: t
  map:
    fields:
    - name: f
      type: {namedType: u}
      default: 5
    - name: g
      type:
        list:
          elementType: {scalar: string}
          keys: [k]
    elementType:
    unknownKey: 1
`);
    expect(doc).toEqual({
      types: [
        {
          name: 't',
          map: {
            fields: [
              { name: 'f', type: { namedType: 'u' }, default: 5 },
              { name: 'g', type: { list: { elementType: { scalar: 'string' }, keys: ['k'] } } },
            ],
          },
        },
      ],
    });
    expect(parseSchemaYAML('')).toEqual({ types: [] });
    expect(() => parseSchemaYAML('types: 5')).toThrow('cannot unmarshal');
  });

  it('reads YAML as goyaml.v2 does', () => {
    // YAML 1.1 booleans and ints; timestamps and base-60 numbers stay strings.
    expect(parseYAML('a: yes\nb: off\nc: 0x1f\nd: 2001-12-14\ne: 1:30\nf: ~\n')).toEqual({
      a: true,
      b: false,
      c: 31,
      d: '2001-12-14',
      e: '1:30',
      f: null,
    });
    // Only the first node is read.
    expect(parseYAML('{"a":{}}}')).toEqual({ a: {} });
    expect(parseYAML('')).toBeNull();
    expect(() => parseYAML('{"a": [}')).toThrow();
  });

  it('deduces types', () => {
    const tv = deducedParseableType.fromYAML('{"a": {"b": [1, 2]}, "c": "d"}');
    expect(tv.toFieldSet().toString()).toBe(deducedParseableType.fromUnstructured({ c: 'd', a: { b: [1, 2] } }).toFieldSet().toString());
  });
});
