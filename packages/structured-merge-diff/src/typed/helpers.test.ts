// Behaviour of sigs.k8s.io/structured-merge-diff/v4/typed/helpers_test.go (v4.6.0)
import { describe, expect, it } from 'vitest';
import { goSprintfNoArgs } from './go-format.ts';
import { isValidationErrors, ValidationErrors } from './helpers.ts';
import { newParser } from './parser.ts';
import { asTypedUnvalidated } from './typed.ts';

function errorOf(fn: () => unknown): Error | undefined {
  try {
    fn();
  } catch (err) {
    return err as Error;
  }
  return undefined;
}

describe('TestInvalidOverride', () => {
  // Exercises the code path for invalidly declaring a scalar type atomic. Upstream runs an apply
  // through the merge fixture; the failure comes from validating the applied object, which is
  // what this does directly.
  it('fails with no type found matching: inlined type', () => {
    const parser = newParser(`
    types:
    - name: type
      map:
        fields:
          - name: field
            type:
              scalar: numeric
              elementRelationship: atomic
      `);
    const err = errorOf(() => parser.type('type').fromYAML('field: 1'));
    expect(err?.message).toContain('no type found matching: inlined type');
  });
});

interface MessageCase {
  op: 'validate' | 'merge' | 'compare';
  object?: string;
  lhs?: string;
  rhs?: string;
  /** Go's `err.Error()`, or '' for no error. */
  error: string;
}

// Not upstream: the texts Go v4.6.0 gives for these objects (decoded from JSON as kube decodes
// them: integers as int64), recorded by running the Go package. Users see them in 422/500
// responses, so they are compared byte for byte.
const goMessages: { name: string; schema: string; type: string; cases: MessageCase[] }[] = [
  {
    name: "structGrabBag",
    schema: `types:
- name: myStruct
  map:
    fields:
    - name: numeric
      type:
        scalar: numeric
    - name: string
      type:
        scalar: string
    - name: bool
      type:
        scalar: boolean
    - name: setStr
      type:
        list:
          elementType:
            scalar: string
          elementRelationship: associative
    - name: setBool
      type:
        list:
          elementType:
            scalar: boolean
          elementRelationship: associative
    - name: setNumeric
      type:
        list:
          elementType:
            scalar: numeric
          elementRelationship: associative
`,
    type: "myStruct",
    cases: [
      { op: 'validate', object: "{\"numeric\":[\"foo\"]}", error: ".numeric: expected numeric (int or float), got []interface {}" },
      { op: 'validate', object: "{\"numeric\":{\"a\":1}}", error: ".numeric: expected numeric (int or float), got map[string]interface {}" },
      { op: 'validate', object: "{\"numeric\":\"foo\"}", error: ".numeric: expected numeric (int or float), got string" },
      { op: 'validate', object: "{\"numeric\":true}", error: ".numeric: expected numeric (int or float), got bool" },
      { op: 'validate', object: "{\"string\":1}", error: ".string: expected string, got &value.valueUnstructured{Value:1}" },
      { op: 'validate', object: "{\"string\":3.5}", error: ".string: expected string, got &value.valueUnstructured{Value:3.5}" },
      { op: 'validate', object: "{\"string\":true}", error: ".string: expected string, got &value.valueUnstructured{Value:true}" },
      { op: 'validate', object: "{\"string\":{\"a\":1}}", error: ".string: expected string, got &value.valueUnstructured{Value:map[string]interface {}{\"a\":1}}" },
      { op: 'validate', object: "{\"string\":[\"foo\"]}", error: ".string: expected string, got &value.valueUnstructured{Value:[]interface {}{\"foo\"}}" },
      { op: 'validate', object: "{\"bool\":1}", error: ".bool: expected boolean, got &{1}" },
      { op: 'validate', object: "{\"bool\":3.5}", error: ".bool: expected boolean, got &{3.5}" },
      { op: 'validate', object: "{\"bool\":\"aoeu\"}", error: ".bool: expected boolean, got &{aoeu}" },
      { op: 'validate', object: "{\"bool\":{\"a\":1}}", error: ".bool: expected boolean, got &{map[a:1]}" },
      { op: 'validate', object: "{\"bool\":[\"foo\"]}", error: ".bool: expected boolean, got &{[foo]}" },
      { op: 'validate', object: "{\"setStr\":[1]}", error: ".setStr[=1]: expected string, got &value.valueUnstructured{Value:1}" },
      { op: 'validate', object: "{\"setStr\":[true]}", error: ".setStr[=true]: expected string, got &value.valueUnstructured{Value:true}" },
      { op: 'validate', object: "{\"setStr\":[1.5]}", error: ".setStr[=1.5]: expected string, got &value.valueUnstructured{Value:1.5}" },
      { op: 'validate', object: "{\"setStr\":[null]}", error: ".setStr: element 0: associative list without keys has an element that's an explicit null" },
      { op: 'validate', object: "{\"setStr\":[{}]}", error: ".setStr: element 0: associative list without keys has an element that's a map type" },
      { op: 'validate', object: "{\"setStr\":[[]]}", error: ".setStr: element 0: not supported: associative list with lists as elements" },
      { op: 'validate', object: "{\"setBool\":[1]}", error: ".setBool[=1]: expected boolean, got &{1}" },
      { op: 'validate', object: "{\"setBool\":[1.5]}", error: ".setBool[=1.5]: expected boolean, got &{1.5}" },
      { op: 'validate', object: "{\"setBool\":[null]}", error: ".setBool: element 0: associative list without keys has an element that's an explicit null" },
      { op: 'validate', object: "{\"setBool\":[{}]}", error: ".setBool: element 0: associative list without keys has an element that's a map type" },
      { op: 'validate', object: "{\"setBool\":[[]]}", error: ".setBool: element 0: not supported: associative list with lists as elements" },
      { op: 'validate', object: "{\"setBool\":[\"a\"]}", error: ".setBool[=\"a\"]: expected boolean, got &{a}" },
      { op: 'validate', object: "{\"setNumeric\":[null]}", error: ".setNumeric: element 0: associative list without keys has an element that's an explicit null" },
      { op: 'validate', object: "{\"setNumeric\":[true]}", error: ".setNumeric[=true]: expected numeric (int or float), got bool" },
      { op: 'validate', object: "{\"setNumeric\":[\"a\"]}", error: ".setNumeric[=\"a\"]: expected numeric (int or float), got string" },
      { op: 'validate', object: "{\"setNumeric\":[[]]}", error: ".setNumeric: element 0: not supported: associative list with lists as elements" },
      { op: 'validate', object: "{\"setNumeric\":[{}]}", error: ".setNumeric: element 0: associative list without keys has an element that's a map type" },
      { op: 'validate', object: "{\"setStr\":[\"a\",\"a\"]}", error: ".setStr: duplicate entries for key [=\"a\"]" },
      { op: 'validate', object: "{\"setBool\":[true,false,true]}", error: ".setBool: duplicate entries for key [=true]" },
      { op: 'validate', object: "{\"setNumeric\":[1,2,3,3.14159,1]}", error: ".setNumeric: duplicate entries for key [=1]" },
      { op: 'validate', object: "{\"setStr\":\"a\"}", error: ".setStr: expected list, got &{a}" },
      { op: 'validate', object: "{\"setNumeric\":[1,1.0]}", error: ".setNumeric: duplicate entries for key [=1]" },
    ],
  },
  {
    name: "associativeList",
    schema: `types:
- name: myRoot
  map:
    fields:
    - name: list
      type:
        namedType: myList
    - name: atomicList
      type:
        namedType: mySequence
- name: myList
  list:
    elementType:
      namedType: myElement
    elementRelationship: associative
    keys:
    - key
    - id
- name: mySequence
  list:
    elementType:
      scalar: string
    elementRelationship: atomic
- name: myElement
  map:
    fields:
    - name: key
      type:
        scalar: string
    - name: id
      type:
        scalar: numeric
    - name: value
      type:
        namedType: myValue
    - name: bv
      type:
        scalar: boolean
    - name: nv
      type:
        scalar: numeric
- name: myValue
  map:
    elementType:
      scalar: string
`,
    type: "myRoot",
    cases: [
      // Go stops at the first undeclared field of its (random) map order: either key may be named.
      { op: 'validate', object: "{\"value\":1}", error: ".value: field not declared in schema" },
      { op: 'validate', object: "{\"list\":{\"key\":true,\"value\":1}}", error: ".list: expected list, got &{map[key:true value:1]}" },
      { op: 'validate', object: "{\"list\":true}", error: ".list: expected list, got &{true}" },
      { op: 'validate', object: "true", error: "expected map, got &{true}" },
      { op: 'validate', object: "{\"list\":[{\"key\":true,\"value\":1}]}", error: ".list: element 0: associative list with keys has an element that omits key field \"id\" (and doesn't have default value)" },
      { op: 'validate', object: "{\"list\":[{\"key\":[],\"value\":1}]}", error: ".list: element 0: associative list with keys has an element that omits key field \"id\" (and doesn't have default value)" },
      { op: 'validate', object: "{\"list\":[{\"key\":{},\"value\":1}]}", error: ".list: element 0: associative list with keys has an element that omits key field \"id\" (and doesn't have default value)" },
      { op: 'validate', object: "{\"list\":[{\"key\":1.5,\"value\":1}]}", error: ".list: element 0: associative list with keys has an element that omits key field \"id\" (and doesn't have default value)" },
      { op: 'validate', object: "{\"list\":[{\"key\":1,\"value\":1}]}", error: ".list: element 0: associative list with keys has an element that omits key field \"id\" (and doesn't have default value)" },
      { op: 'validate', object: "{\"list\":[{\"key\":null,\"value\":1}]}", error: ".list: element 0: associative list with keys has an element that omits key field \"id\" (and doesn't have default value)" },
      { op: 'validate', object: "{\"list\":[{},{}]}", error: ".list: element 0: associative list with keys has an element that omits key field \"key\" (and doesn't have default value)" },
      { op: 'validate', object: "{\"list\":[{},null]}", error: ".list: element 0: associative list with keys has an element that omits key field \"key\" (and doesn't have default value)" },
      { op: 'validate', object: "{\"list\":[[]]}", error: ".list: element 0: associative list with keys may not have non-map elements" },
      { op: 'validate', object: "{\"list\":[null]}", error: ".list: element 0: associative list with keys may not have a null element" },
      { op: 'validate', object: "{\"list\":[{}]}", error: ".list: element 0: associative list with keys has an element that omits key field \"key\" (and doesn't have default value)" },
      { op: 'validate', object: "{\"list\":[{\"value\":{\"a\":\"a\"},\"bv\":true,\"nv\":3.14}]}", error: ".list: element 0: associative list with keys has an element that omits key field \"key\" (and doesn't have default value)" },
      { op: 'validate', object: "{\"list\":[{\"key\":\"a\",\"id\":1,\"value\":{\"a\":1}}]}", error: ".list[id=1,key=\"a\"].value.a: expected string, got &value.valueUnstructured{Value:1}" },
      { op: 'validate', object: "{\"list\":[{\"key\":\"a\",\"id\":1,\"value\":{\"a\":\"a\"},\"bv\":\"true\",\"nv\":3.14}]}", error: ".list[id=1,key=\"a\"].bv: expected boolean, got &{true}" },
      { op: 'validate', object: "{\"list\":[{\"key\":\"a\",\"id\":1,\"value\":{\"a\":\"a\"},\"bv\":true,\"nv\":false}]}", error: ".list[id=1,key=\"a\"].nv: expected numeric (int or float), got bool" },
      { op: 'validate', object: "{\"list\":[{\"key\":\"a\",\"id\":1},{\"key\":\"a\",\"id\":1}]}", error: ".list: duplicate entries for key [id=1,key=\"a\"]" },
      { op: 'validate', object: "{\"list\":[{\"key\":\"a\",\"id\":1,\"value\":\"50%\"}]}", error: ".list[id=1,key=\"a\"].value: expected map, got &{50%!}(MISSING)" },
      { op: 'validate', object: "{\"list\":[{\"key\":\"a\",\"id\":1,\"value\":{\"a\":[\"x %d\"]}}]}", error: ".list[id=1,key=\"a\"].value.a: expected string, got &value.valueUnstructured{Value:[]interface {}{\"x %d\"}}" },
      { op: 'validate', object: "{\"atomicList\":\"x\"}", error: ".atomicList: expected list, got &{x}" },
      { op: 'validate', object: "{\"atomicList\":{\"a\":null}}", error: ".atomicList: expected list, got &{map[a:<nil>]}" },
      { op: 'validate', object: "{\"list\":[{\"key\":\"a\",\"id\":1,\"value\":{\"a\":\"x\"}},{\"key\":\"a\",\"id\":1,\"value\":{\"a\":3}}]}", error: "errors:\n  .list: duplicate entries for key [id=1,key=\"a\"]\n  .list[id=1,key=\"a\"].value.a: expected string, got &value.valueUnstructured{Value:3}" },
      { op: 'validate', object: "{\"list\":[{\"key\":\"a\",\"id\":1.5}]}", error: "" },
      { op: 'validate', object: "{\"list\":[{\"key\":\"a\\\"b\\u00e9\",\"id\":1},{\"key\":\"a\\\"b\\u00e9\",\"id\":1}]}", error: ".list: duplicate entries for key [id=1,key=\"a\\\"bé\"]" },
      { op: 'validate', object: "{\"list\":[{\"key\":\"a\",\"id\":1,\"bv\":\"x\\ny\"}]}", error: ".list[id=1,key=\"a\"].bv: expected boolean, got &{x\ny}" },
      { op: 'validate', object: "{\"list\":[{\"key\":\"a\",\"id\":1,\"nv\":[1.5, 1e21, 1234567.5, 0.00001, 100000000]}]}", error: ".list[id=1,key=\"a\"].nv: expected numeric (int or float), got []interface {}" },
      { op: 'validate', object: "{\"list\":[{\"key\":\"a\",\"id\":1,\"bv\":{\"z\":1,\"a\":[true,null,\"s\"]}}]}", error: ".list[id=1,key=\"a\"].bv: expected boolean, got &{map[a:[true <nil> s] z:1]}" },
      { op: "merge", lhs: "{\"list\":[{\"key\":\"a\",\"id\":1}]}", rhs: "{\"list\":[{\"key\":\"a\",\"id\":1},{\"key\":\"a\",\"id\":1}]}", error: ".list: duplicate entries for key [id=1,key=\"a\"]" },
      { op: "compare", lhs: "{\"list\":[{\"key\":\"a\",\"id\":1}]}", rhs: "{\"list\":[{\"key\":\"a\",\"id\":1},{\"key\":\"a\",\"id\":1}]}", error: "" },
      { op: "merge", lhs: "{\"list\":[{\"key\":\"a\",\"id\":1},{\"key\":\"a\",\"id\":1}]}", rhs: "{\"list\":[{\"key\":\"a\",\"id\":1}]}", error: "" },
      { op: "compare", lhs: "{\"list\":[{\"key\":\"a\",\"id\":1},{\"key\":\"a\",\"id\":1}]}", rhs: "{\"list\":[{\"key\":\"a\",\"id\":1}]}", error: "" },
      { op: "merge", lhs: "{\"list\":[{\"key\":\"a\"}]}", rhs: "{\"list\":[{\"key\":\"a\",\"id\":1}]}", error: ".list: element 0: associative list with keys has an element that omits key field \"id\" (and doesn't have default value)" },
      { op: "compare", lhs: "{\"list\":[{\"key\":\"a\"}]}", rhs: "{\"list\":[{\"key\":\"a\",\"id\":1}]}", error: ".list: element 0: associative list with keys has an element that omits key field \"id\" (and doesn't have default value)" },
      { op: "merge", lhs: "{\"list\":[{\"key\":\"a\",\"id\":1}]}", rhs: "{\"list\":[null]}", error: ".list: element 0: associative list with keys may not have a null element" },
      { op: "compare", lhs: "{\"list\":[{\"key\":\"a\",\"id\":1}]}", rhs: "{\"list\":[null]}", error: ".list: element 0: associative list with keys may not have a null element" },
      { op: "merge", lhs: "{\"list\":[{\"key\":\"a\",\"id\":1,\"bv\":1}]}", rhs: "{\"list\":[{\"key\":\"a\",\"id\":1,\"bv\":\"x\"}]}", error: "" },
      { op: "compare", lhs: "{\"list\":[{\"key\":\"a\",\"id\":1,\"bv\":1}]}", rhs: "{\"list\":[{\"key\":\"a\",\"id\":1,\"bv\":\"x\"}]}", error: "errors:\n  .list[id=1,key=\"a\"].bv: lhs: expected boolean, got &{1}\n  .list[id=1,key=\"a\"].bv: rhs: expected boolean, got &{x}" },
      { op: "merge", lhs: "{\"atomicList\":[\"a\"]}", rhs: "{\"atomicList\":[1]}", error: "" },
      { op: "compare", lhs: "{\"atomicList\":[\"a\"]}", rhs: "{\"atomicList\":[1]}", error: "" },
      { op: "merge", lhs: "{\"list\":1}", rhs: "{\"list\":true}", error: "" },
      { op: "compare", lhs: "{\"list\":1}", rhs: "{\"list\":true}", error: "" },
      { op: "merge", lhs: "{\"list\":[{\"key\":\"a\",\"id\":1,\"value\":{\"a\":1}}]}", rhs: "{\"list\":[{\"key\":\"a\",\"id\":1,\"value\":{\"a\":true}}]}", error: "" },
      { op: "compare", lhs: "{\"list\":[{\"key\":\"a\",\"id\":1,\"value\":{\"a\":1}}]}", rhs: "{\"list\":[{\"key\":\"a\",\"id\":1,\"value\":{\"a\":true}}]}", error: "errors:\n  .list[id=1,key=\"a\"].value.a: lhs: expected string, got &value.valueUnstructured{Value:1}\n  .list[id=1,key=\"a\"].value.a: rhs: expected string, got &value.valueUnstructured{Value:true}" },
    ],
  },
  {
    name: "simplePair",
    schema: `types:
- name: stringPair
  map:
    fields:
    - name: key
      type:
        scalar: string
    - name: value
      type:
        namedType: __untyped_atomic_
- name: __untyped_atomic_
  scalar: untyped
  list:
    elementType:
      namedType: __untyped_atomic_
    elementRelationship: atomic
  map:
    elementType:
      namedType: __untyped_atomic_
    elementRelationship: atomic
`,
    type: "stringPair",
    cases: [
      { op: 'validate', object: "{\"key\":true,\"value\":1}", error: ".key: expected string, got &value.valueUnstructured{Value:true}" },
      { op: 'validate', object: "{\"key\":1,\"value\":{}}", error: ".key: expected string, got &value.valueUnstructured{Value:1}" },
      { op: 'validate', object: "{\"key\":false,\"value\":null}", error: ".key: expected string, got &value.valueUnstructured{Value:false}" },
      { op: 'validate', object: "{\"key\":[1, 2]}", error: ".key: expected string, got &value.valueUnstructured{Value:[]interface {}{1, 2}}" },
      { op: 'validate', object: "{\"key\":{\"foo\":true}}", error: ".key: expected string, got &value.valueUnstructured{Value:map[string]interface {}{\"foo\":true}}" },
      { op: "merge", lhs: "{\"key\":1}", rhs: "{\"key\":true}", error: "errors:\n  .key: lhs: expected string, got &value.valueUnstructured{Value:1}\n  .key: rhs: expected string, got &value.valueUnstructured{Value:true}" },
      { op: "compare", lhs: "{\"key\":1}", rhs: "{\"key\":true}", error: "errors:\n  .key: lhs: expected string, got &value.valueUnstructured{Value:1}\n  .key: rhs: expected string, got &value.valueUnstructured{Value:true}" },
      { op: "merge", lhs: "{\"key\":{\"a\":1}}", rhs: "{\"key\":\"x\"}", error: "" },
      { op: "compare", lhs: "{\"key\":{\"a\":1}}", rhs: "{\"key\":\"x\"}", error: "" },
    ],
  },
  {
    name: "keysAndSchemaErrors",
    schema: `types:
- name: root
  map:
    fields:
    - name: ports
      type:
        list:
          elementType:
            namedType: port
          elementRelationship: associative
          keys: [name, protocol]
    - name: items
      type:
        list:
          elementType:
            scalar: string
    - name: sets
      type:
        list:
          elementType:
            list:
              elementType:
                scalar: string
              elementRelationship: atomic
          elementRelationship: associative
    - name: badKeys
      type:
        list:
          elementType:
            scalar: string
          elementRelationship: associative
          keys: [name]
    - name: undefinedType
      type:
        namedType: nope
    - name: emptyAtom
      type:
        namedType: empty
    - name: weirdScalar
      type:
        scalar: bytes
- name: empty
- name: port
  map:
    fields:
    - name: name
      type:
        scalar: string
    - name: protocol
      type:
        scalar: string
      default: TCP
    - name: port
      type:
        scalar: numeric
`,
    type: "root",
    cases: [
      { op: 'validate', object: "{\"ports\":[{\"name\":\"a\"},{\"name\":\"a\",\"protocol\":\"TCP\"}]}", error: ".ports: duplicate entries for key [name=\"a\",protocol=\"TCP\"]" },
      { op: 'validate', object: "{\"ports\":[{\"protocol\":\"UDP\"}]}", error: ".ports: element 0: associative list with keys has an element that omits key field \"name\" (and doesn't have default value)" },
      { op: 'validate', object: "{\"ports\":[{\"name\":\"a\",\"port\":\"80\"}]}", error: ".ports[name=\"a\",protocol=\"TCP\"].port: expected numeric (int or float), got string" },
      { op: 'validate', object: "{\"ports\":[{\"name\":\"a\",\"protocol\":null}]}", error: "" },
      { op: 'validate', object: "{\"items\":[1,\"x\",true]}", error: "errors:\n  .items[0]: expected string, got &value.valueUnstructured{Value:1}\n  .items[2]: expected string, got &value.valueUnstructured{Value:true}" },
      { op: 'validate', object: "{\"items\":\"x\"}", error: ".items: expected list, got &{x}" },
      { op: 'validate', object: "{\"sets\":[[\"a\"]]}", error: ".sets: element 0: not supported: associative list with lists as elements" },
      { op: 'validate', object: "{\"badKeys\":[\"a\"]}", error: ".badKeys: element 0: associative list with keys may not have non-map elements" },
      { op: 'validate', object: "{\"undefinedType\":1}", error: ".undefinedType: schema error: no type found matching: nope" },
      { op: 'validate', object: "{\"emptyAtom\":1}", error: ".emptyAtom: schema error: invalid atom: named type: empty" },
      { op: 'validate', object: "{\"weirdScalar\":1}", error: ".weirdScalar: unexpected scalar type in schema: bytes" },
      { op: 'validate', object: "{\"ports\":[null]}", error: ".ports: element 0: associative list with keys may not have a null element" },
      { op: 'validate', object: "{\"ports\":[1]}", error: ".ports: element 0: associative list with keys may not have non-map elements" },
      { op: "merge", lhs: "{\"undefinedType\":1}", rhs: "{\"undefinedType\":2}", error: "schema error: no type found matching: nope" },
      { op: "compare", lhs: "{\"undefinedType\":1}", rhs: "{\"undefinedType\":2}", error: "schema error: no type found matching: nope" },
      { op: "merge", lhs: "{\"emptyAtom\":1}", rhs: "{\"emptyAtom\":2}", error: ".emptyAtom: schema error: invalid atom: named type: empty" },
      { op: "compare", lhs: "{\"emptyAtom\":1}", rhs: "{\"emptyAtom\":2}", error: ".emptyAtom: schema error: invalid atom: named type: empty" },
      { op: "merge", lhs: "{\"weirdScalar\":1}", rhs: "{\"weirdScalar\":2}", error: "errors:\n  .weirdScalar: lhs: unexpected scalar type in schema: bytes\n  .weirdScalar: rhs: unexpected scalar type in schema: bytes" },
      { op: "compare", lhs: "{\"weirdScalar\":1}", rhs: "{\"weirdScalar\":2}", error: "errors:\n  .weirdScalar: lhs: unexpected scalar type in schema: bytes\n  .weirdScalar: rhs: unexpected scalar type in schema: bytes" },
    ],
  },
];

describe('Go error texts', () => {
  for (const group of goMessages) {
    describe(group.name, () => {
      const pt = newParser(group.schema).type(group.type);
      group.cases.forEach((c, i) => {
        const what = c.op === 'validate' ? c.object! : `${c.lhs!} / ${c.rhs!}`;
        it(`${c.op} ${i}: ${what}`, () => {
          let err: Error | undefined;
          if (c.op === 'validate') {
            err = errorOf(() => pt.fromUnstructured(JSON.parse(c.object!)));
          } else {
            const lhs = asTypedUnvalidated(JSON.parse(c.lhs!), pt.schema, pt.typeRef);
            const rhs = asTypedUnvalidated(JSON.parse(c.rhs!), pt.schema, pt.typeRef);
            err = errorOf(() => (c.op === 'merge' ? lhs.merge(rhs) : lhs.compare(rhs)));
          }
          expect(err?.message ?? '').toBe(c.error);
          if (err !== undefined) expect(isValidationErrors(err)).toBe(true);
        });
      });
    });
  }
});

describe('ValidationErrors', () => {
  it('formats like Go', () => {
    const one = new ValidationErrors([{ path: '.a', errorMessage: 'bad' }]);
    expect(one.message).toBe('.a: bad');
    expect(String(one)).toBe('.a: bad');
    const two = new ValidationErrors([
      { path: '', errorMessage: 'x' },
      { path: '.b', errorMessage: 'y' },
    ]);
    expect(two.message).toBe('errors:\n  x\n  .b: y');
    expect(two.withPrefix('.root').message).toBe('errors:\n  .root: x\n  .root.b: y');
    expect(two.withPath('.p').message).toBe('errors:\n  .p: x\n  .p: y');
  });

  it("emulates Go's Sprintf of a message used as a format", () => {
    // Recorded from Go: fmt.Sprintf(s) with no arguments.
    const cases: [string, string][] = [
      ['100%', '100%!(NOVERB)'],
      ['a %d b', 'a %!d(MISSING) b'],
      ['%%x', '%x'],
      ['%-5.2fz', '%!f(MISSING)z'],
      ['%*d', '%!(BADWIDTH)%!d(MISSING)'],
      ['%.*d', '%!(BADPREC)%!d(MISSING)'],
      ['x%', 'x%!(NOVERB)'],
      ['%é', '%!é(MISSING)'],
    ];
    for (const [s, want] of cases) expect(goSprintfNoArgs(s)).toBe(want);
  });
});
