// Port of k8s.io/apimachinery/pkg/util/managedfields/internal fields_test.go and
// pathelement_test.go (v0.33.9). kube's FieldsToSet/SetToFields are structured-merge-diff's
// Set.FromJSON/ToJSON (deserializeFieldSet/serializeFieldSet here). kube's pathelement.go
// (NewPathElement/PathElementString) is not used by kube itself and is not ported: its cases run
// against structured-merge-diff's path element codec, which FieldsV1 goes through.
import { describe, expect, it } from 'vitest';
import { deserializeFieldSet, deserializePathElement, FieldSet, serializeFieldSet, serializePathElement, type PathElement } from '@kapi/structured-merge-diff';

describe('fields_test.go', () => {
  // A fields trie round-trips as a path set.
  it('TestFieldsRoundTrip', () => {
    for (const test of ['{"f:metadata":{".":{},"f:name":{}}}', '{}']) {
      expect(serializeFieldSet(deserializeFieldSet(test))).toBe(test);
      expect(serializeFieldSet(deserializeFieldSet(JSON.parse(test) as object))).toBe(test);
    }
  });

  // FieldsToSet reports malformed keys. Upstream matches json-iterator's "ReadObjectCB"; the
  // message here is the codec's own.
  it('TestFieldsToSetError', () => {
    expect(() => deserializeFieldSet('{"k:{invalid json}":{"f:name":{},".":{}}}')).toThrow(/^parsing key as path element: /);
  });

  // SetToFields reports an element with nothing set.
  it('TestSetToFieldsError', () => {
    const invalidPath = [{} as PathElement, { fieldName: 'ok' }];
    expect(() => serializeFieldSet(FieldSet.of(invalidPath))).toThrow('invalid PathElement');
  });

  // BenchmarkSetToFields: a Go benchmark, not ported.
});

describe('pathelement_test.go', () => {
  describe('TestPathElementRoundTrip', () => {
    it.each([
      'i:0',
      'i:1234',
      'f:',
      'f:spec',
      'f:more-complicated-string',
      'k:{"name":"my-container"}',
      'k:{"port":"8080","protocol":"TCP"}',
      'k:{"optionalField":null}',
      'k:{"jsonField":{"A":1,"B":null,"C":"D","E":{"F":"G"}}}',
      'k:{"listField":["1","2","3"]}',
      'v:null',
      'v:"some-string"',
      'v:1234',
      'v:{"some":"json"}',
    ])('%s', (test) => {
      expect(serializePathElement(deserializePathElement(test))).toBe(test);
    });
  });

  // kube's NewPathElement accepts unknown qualifiers; structured-merge-diff's codec rejects them
  // and its FieldsV1 reader skips them, so a FieldsV1 document with one still decodes.
  it('TestPathElementIgnoreUnknown', () => {
    expect(() => deserializePathElement('r:Hello')).toThrow('unknown path element type');
    const set = deserializeFieldSet({ 'r:Hello': {}, 'f:spec': {} });
    expect(serializeFieldSet(set)).toBe('{"f:spec":{}}');
  });

  describe('TestNewPathElementError', () => {
    it.each(['', 'no-colon', 'i:index is not a number', 'i:1.23', 'i:', 'v:invalid json', 'v:', 'k:invalid json', 'k:{"name":invalid}'])('%s', (test) => {
      expect(() => deserializePathElement(test)).toThrow();
    });
  });
});
