// Behaviour of sigs.k8s.io/structured-merge-diff/v4/typed/deduced_test.go (v4.6.0)
import { describe, expect, it } from 'vitest';
import type { Path } from '../fieldpath/element.ts';
import { makePathOrDie } from '../fieldpath/path.ts';
import { FieldSet } from '../fieldpath/set.ts';
import { equalValues, valueToString } from '../value/compare.ts';
import { deducedParseableType, type YAMLObject } from './parser.ts';

// Short names for readable test cases, as upstream.
const _NS = (...paths: Path[]): FieldSet => FieldSet.of(...paths);
const _P = makePathOrDie;

interface MergeTriplet {
  lhs: YAMLObject;
  rhs: YAMLObject;
  out: YAMLObject;
}

interface ObjSetPair {
  object: YAMLObject;
  set: FieldSet;
}

interface SymdiffQuint {
  lhs: YAMLObject;
  rhs: YAMLObject;
  removed: FieldSet;
  modified: FieldSet;
  added: FieldSet;
}

const validateTests: YAMLObject[] = [
  `{"a": null}`,
  `{"a": ["a", "b"]}`,
  `{"a": {"b": [], "c": 2, "d": {"f": "string"}}}`,
];

const mergeTriplets: MergeTriplet[] = [
  {
    lhs: `{"key":"foo","value":{}}`,
    rhs: `{"key":"foo","value":1}`,
    out: `{"key":"foo","value":1}`,
  }, {
    lhs: `{"key":"foo","value":1}`,
    rhs: `{"key":"foo","value":{}}`,
    out: `{"key":"foo","value":{}}`,
  }, {
    lhs: `{"key":"foo","value":null}`,
    rhs: `{"key":"foo","value":{}}`,
    out: `{"key":"foo","value":{}}`,
  }, {
    lhs: `{"key":"foo"}`,
    rhs: `{"value":true}`,
    out: `{"key":"foo","value":true}`,
  }, {
    lhs: `{}`,
    rhs: `{"inner":{}}`,
    out: `{"inner":{}}`,
  }, {
    lhs: `{}`,
    rhs: `{"inner":null}`,
    out: `{"inner":null}`,
  }, {
    lhs: `{"inner":null}`,
    rhs: `{"inner":{}}`,
    out: `{"inner":{}}`,
  }, {
    lhs: `{"inner":{}}`,
    rhs: `{"inner":null}`,
    out: `{"inner":null}`,
  }, {
    lhs: `{"inner":{}}`,
    rhs: `{"inner":{}}`,
    out: `{"inner":{}}`,
  }, {
    lhs: `{}`,
    rhs: `{"inner":{}}`,
    out: `{"inner":{}}`,
  }, {
    lhs: `{"inner":null}`,
    rhs: `{"inner":{}}`,
    out: `{"inner":{}}`,
  }, {
    lhs: `{"inner":{}}`,
    rhs: `{"inner":null}`,
    out: `{"inner":null}`,
  }, {
    lhs: `{}`,
    rhs: `{"inner":[]}`,
    out: `{"inner":[]}`,
  }, {
    lhs: `{"inner":null}`,
    rhs: `{"inner":[]}`,
    out: `{"inner":[]}`,
  }, {
    lhs: `{"inner":[]}`,
    rhs: `{"inner":null}`,
    out: `{"inner":null}`,
  }, {
    lhs: `{"inner":[]}`,
    rhs: `{"inner":[]}`,
    out: `{"inner":[]}`,
  }, {
    lhs: `{"numeric":1}`,
    rhs: `{"numeric":3.14159}`,
    out: `{"numeric":3.14159}`,
  }, {
    lhs: `{"numeric":3.14159}`,
    rhs: `{"numeric":1}`,
    out: `{"numeric":1}`,
  }, {
    lhs: `{"string":"aoeu"}`,
    rhs: `{"bool":true}`,
    out: `{"string":"aoeu","bool":true}`,
  }, {
    lhs: `{"atomic":["a","b","c"]}`,
    rhs: `{"atomic":["a","b"]}`,
    out: `{"atomic":["a","b"]}`,
  }, {
    lhs: `{"atomic":["a","b"]}`,
    rhs: `{"atomic":["a","b","c"]}`,
    out: `{"atomic":["a","b","c"]}`,
  }, {
    lhs: `{"atomic":["a","b","c"]}`,
    rhs: `{"atomic":[]}`,
    out: `{"atomic":[]}`,
  }, {
    lhs: `{"atomic":[]}`,
    rhs: `{"atomic":["a","b","c"]}`,
    out: `{"atomic":["a","b","c"]}`,
  }, {
    lhs: `{"":[true]}`,
    rhs: `{"setBool":[false]}`,
    out: `{"":[true],"setBool":[false]}`,
  }, {
    lhs: `{"atomic":[1,2,3.14159]}`,
    rhs: `{"atomic":[1,2,3]}`,
    out: `{"atomic":[1,2,3]}`,
  }, {
    lhs: `{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}`,
    rhs: `{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}`,
    out: `{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}`,
  }, {
    lhs: `{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}`,
    rhs: `{"list":[{"key":"a","id":2,"value":{"a":"a"}}]}`,
    out: `{"list":[{"key":"a","id":2,"value":{"a":"a"}}]}`,
  }, {
    lhs: `{"list":[{"key":"a","id":1},{"key":"b","id":1}]}`,
    rhs: `{"list":[{"key":"a","id":1},{"key":"a","id":2}]}`,
    out: `{"list":[{"key":"a","id":1},{"key":"a","id":2}]}`,
  }, {
    lhs: `{"atomicList":["a","a","a"]}`,
    rhs: `{"atomicList":null}`,
    out: `{"atomicList":null}`,
  }, {
    lhs: `{"atomicList":["a","b","c"]}`,
    rhs: `{"atomicList":[]}`,
    out: `{"atomicList":[]}`,
  }, {
    lhs: `{"atomicList":["a","a","a"]}`,
    rhs: `{"atomicList":["a","a"]}`,
    out: `{"atomicList":["a","a"]}`,
  }, {
    lhs: `{"a":1,"b":[null],"c":{"id":2,"list":["value"]}}`,
    rhs: `{"a":2,"b":["value"],"c":{"name":"my_name"}}`,
    out: `{"a":2,"b":["value"],"c":{"id":2,"list":["value"],"name":"my_name"}}`,
  }];

const toSetTests: ObjSetPair[] = [
  {object: `{"key":"foo","value":1}`, set: _NS(_P('key'), _P('value'))},
  {object: `{"key":"foo","value":{"a": "b"}}`, set: _NS(_P('key'), _P('value'), _P('value', 'a'))},
  {object: `{"key":"foo","value":null}`, set: _NS(_P('key'), _P('value'))},
  {object: `{"key":"foo"}`, set: _NS(_P('key'))},
  {object: `{"key":"foo","value":true}`, set: _NS(_P('key'), _P('value'))},
  {object: `{"numeric":1}`, set: _NS(_P('numeric'))},
  {object: `{"numeric":3.14159}`, set: _NS(_P('numeric'))},
  {object: `{"string":"aoeu"}`, set: _NS(_P('string'))},
  {object: `{"bool":true}`, set: _NS(_P('bool'))},
  {object: `{"bool":false}`, set: _NS(_P('bool'))},
  {object: `{"list":["a","b","c"]}`, set: _NS(_P('list'))},
  {object: `{"color":{}}`, set: _NS(_P('color'))},
  {object: `{"color":null}`, set: _NS(_P('color'))},
  {object: `{"color":{"R":255,"G":0,"B":0}}`, set: _NS(_P('color'), _P('color', 'R'), _P('color', 'G'), _P('color', 'B'))},
  {object: `{"arbitraryWavelengthColor":null}`, set: _NS(_P('arbitraryWavelengthColor'))},
  {object: `{"arbitraryWavelengthColor":{"IR":255}}`, set: _NS(_P('arbitraryWavelengthColor'), _P('arbitraryWavelengthColor', 'IR'))},
  {object: `{"args":[]}`, set: _NS(_P('args'))},
  {object: `{"args":null}`, set: _NS(_P('args'))},
  {object: `{"args":[null]}`, set: _NS(_P('args'))},
  {object: `{"args":[{"key":"a","value":"b"},{"key":"c","value":"d"}]}`, set: _NS(_P('args'))},
  {object: `{"atomicList":["a","a","a"]}`, set: _NS(_P('atomicList'))},
];

const symdiffQuints: SymdiffQuint[] = [{
  lhs: `{"key":"foo","value":1}`,
  rhs: `{"key":"foo","value":1}`,
  removed: _NS(),
  modified: _NS(),
  added: _NS(),
}, {
  lhs: `{"key":"foo","value":{}}`,
  rhs: `{"key":"foo","value":1}`,
  removed: _NS(),
  modified: _NS(_P('value')),
  added: _NS(),
}, {
  lhs: `{"key":"foo","value":1}`,
  rhs: `{"key":"foo","value":{}}`,
  removed: _NS(),
  modified: _NS(_P('value')),
  added: _NS(),
}, {
  lhs: `{"key":"foo","value":1}`,
  rhs: `{"key":"foo","value":{"deep":{"nested":1}}}`,
  removed: _NS(),
  modified: _NS(_P('value')),
  added: _NS(_P('value', 'deep'), _P('value', 'deep', 'nested')),
}, {
  lhs: `{"key":"foo","value":null}`,
  rhs: `{"key":"foo","value":{}}`,
  removed: _NS(),
  modified: _NS(_P('value')),
  added: _NS(),
}, {
  lhs: `{"key":"foo"}`,
  rhs: `{"value":true}`,
  removed: _NS(_P('key')),
  modified: _NS(),
  added: _NS(_P('value')),
}, {
  lhs: `{"key":"foot"}`,
  rhs: `{"key":"foo","value":true}`,
  removed: _NS(),
  modified: _NS(_P('key')),
  added: _NS(_P('value')),
}, {
  lhs: `{}`,
  rhs: `{"inner":{}}`,
  removed: _NS(),
  modified: _NS(),
  added: _NS(_P('inner')),
}, {
  lhs: `{}`,
  rhs: `{"inner":null}`,
  removed: _NS(),
  modified: _NS(),
  added: _NS(_P('inner')),
}, {
  lhs: `{"inner":null}`,
  rhs: `{"inner":{}}`,
  removed: _NS(),
  modified: _NS(_P('inner')),
  added: _NS(),
}, {
  lhs: `{"inner":{}}`,
  rhs: `{"inner":null}`,
  removed: _NS(),
  modified: _NS(_P('inner')),
  added: _NS(),
}, {
  lhs: `{"inner":{}}`,
  rhs: `{"inner":{}}`,
  removed: _NS(),
  modified: _NS(),
  added: _NS(),
}, {
  lhs: `{}`,
  rhs: `{"inner":[]}`,
  removed: _NS(),
  modified: _NS(),
  added: _NS(_P('inner')),
}, {
  lhs: `{}`,
  rhs: `{"inner":null}`,
  removed: _NS(),
  modified: _NS(),
  added: _NS(_P('inner')),
}, {
  lhs: `{"inner":null}`,
  rhs: `{"inner":[]}`,
  removed: _NS(),
  modified: _NS(_P('inner')),
  added: _NS(),
}, {
  lhs: `{"inner":[]}`,
  rhs: `{"inner":null}`,
  removed: _NS(),
  modified: _NS(_P('inner')),
  added: _NS(),
}, {
  lhs: `{"inner":[]}`,
  rhs: `{"inner":[]}`,
  removed: _NS(),
  modified: _NS(),
  added: _NS(),
}, {
  lhs: `{"a":{},"b":{}}`,
  rhs: `{"a":{},"b":{}}`,
  removed: _NS(),
  modified: _NS(),
  added: _NS(),
}, {
  lhs: `{"a":{}}`,
  rhs: `{"b":{}}`,
  removed: _NS(_P('a')),
  modified: _NS(),
  added: _NS(_P('b')),
}, {
  lhs: `{"a":{"b":{"c":{}}}}`,
  rhs: `{"a":{"b":{}}}`,
  removed: _NS(_P('a', 'b', 'c')),
  modified: _NS(),
  added: _NS(),
}, {
  lhs: `{"a":{"b":{"c":[true]}}}`,
  rhs: `{"a":{"b":[false]}}`,
  removed: _NS(_P('a', 'b', 'c')),
  modified: _NS(_P('a', 'b')),
  added: _NS(),
}, {
  lhs: `{"a":{}}`,
  rhs: `{"a":{"b":"true"}}`,
  removed: _NS(),
  modified: _NS(),
  added: _NS(_P('a', 'b')),
}, {
  lhs: `{"numeric":1}`,
  rhs: `{"numeric":3.14159}`,
  removed: _NS(),
  modified: _NS(_P('numeric')),
  added: _NS(),
}, {
  lhs: `{"numeric":3.14159}`,
  rhs: `{"numeric":1}`,
  removed: _NS(),
  modified: _NS(_P('numeric')),
  added: _NS(),
}, {
  lhs: `{"string":"aoeu"}`,
  rhs: `{"bool":true}`,
  removed: _NS(_P('string')),
  modified: _NS(),
  added: _NS(_P('bool')),
}, {
  lhs: `{"list":["a","b"]}`,
  rhs: `{"list":["a","b","c"]}`,
  removed: _NS(),
  modified: _NS(_P('list')),
  added: _NS(),
}, {
  lhs: `{}`,
  rhs: `{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}`,
  removed: _NS(),
  modified: _NS(),
  added: _NS(_P('list')),
}, {
  lhs: `{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}`,
  rhs: `{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}`,
  removed: _NS(),
  modified: _NS(),
  added: _NS(),
}, {
  lhs: `{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}`,
  rhs: `{"list":[{"key":"a","id":1,"value":{"a":"b"}}]}`,
  removed: _NS(),
  modified: _NS(_P('list')),
  added: _NS(),
}, {
  lhs: `{"atomicList":["a","a","a"]}`,
  rhs: `{"atomicList":null}`,
  removed: _NS(),
  modified: _NS(_P('atomicList')),
  added: _NS(),
}, {
  lhs: `{"atomicList":["a","a","a"]}`,
  rhs: `{"atomicList":["a","a"]}`,
  removed: _NS(),
  modified: _NS(_P('atomicList')),
  added: _NS(),
}];


describe('TestValidateDeducedType', () => {
  validateTests.forEach((test, i) => {
    it(`test ${i}`, () => {
      const v = deducedParseableType.fromYAML(test);
      expect(() => v.validate()).not.toThrow();
    });
  });
});

describe('TestMergeDeduced', () => {
  mergeTriplets.forEach((triplet, i) => {
    it(`triplet-${i}`, () => {
      const pt = deducedParseableType;
      const lhs = pt.fromYAML(triplet.lhs);
      const rhs = pt.fromYAML(triplet.rhs);
      const out = pt.fromYAML(triplet.out);
      const got = lhs.merge(rhs);
      expect(
        equalValues(got.asValue(), out.asValue()),
        `Expected\n${valueToString(out.asValue())}\nbut got\n${valueToString(got.asValue())}`,
      ).toBe(true);
    });
  });
});

describe('TestToSetDeduced', () => {
  toSetTests.forEach((v, i) => {
    it(`${i}`, () => {
      const fs = deducedParseableType.fromYAML(v.object).toFieldSet();
      expect(fs.equals(v.set), `wanted\n${v.set.toString()}\ngot\n${fs.toString()}`).toBe(true);
    });
  });
});

describe('TestSymdiffDeduced', () => {
  symdiffQuints.forEach((quint, i) => {
    it(`${i}`, () => {
      const pt = deducedParseableType;
      const tvLHS = pt.fromYAML(quint.lhs);
      const tvRHS = pt.fromYAML(quint.rhs);
      const got = tvLHS.compare(tvRHS);
      expect(got.added.equals(quint.added), `Expected added:\n${quint.added.toString()}\ngot:\n${got.added.toString()}`).toBe(true);
      expect(
        got.modified.equals(quint.modified),
        `Expected modified:\n${quint.modified.toString()}\ngot:\n${got.modified.toString()}`,
      ).toBe(true);
      expect(
        got.removed.equals(quint.removed),
        `Expected removed:\n${quint.removed.toString()}\ngot:\n${got.removed.toString()}`,
      ).toBe(true);

      // Do the reverse operation and sanity check.
      const gotR = tvRHS.compare(tvLHS);
      expect(gotR.modified.equals(got.modified), 'reverse operation gave different modified list').toBe(true);
      expect(gotR.removed.equals(got.added), 'reverse removed gave different result than added').toBe(true);
      expect(gotR.added.equals(got.removed), 'reverse added gave different result than removed').toBe(true);
    });
  });
});
