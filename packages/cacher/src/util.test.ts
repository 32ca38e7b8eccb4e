import { describe, expect, it } from 'vitest';
import { isInvalidArgument } from '@kapi/storage';
import { checkKey, deepFreeze, defaultKeyFunc, hasPathPrefix } from './util.ts';

describe('hasPathPrefix (kube TestHasPathPrefix)', () => {
  const cases: [string, string, boolean][] = [
    ['/foo', '/foo', true],
    ['/foo/', '/foo', true],
    ['/foo/bar', '/foo', true],
    ['/foo/bar', '/foo/', true],
    ['/foobar', '/foo', false],
    ['/foobar', '/foo/', false],
    ['/fo', '/foo', false],
    ['/bar/foo', '/foo', false],
  ];
  for (const [s, prefix, want] of cases) it(`${s} under ${prefix}: ${want}`, () => expect(hasPathPrefix(s, prefix)).toBe(want));
});

describe('checkKey', () => {
  it("rejects what the Store's prepareKey rejects, with its messages", () => {
    for (const [key, msg] of [['', 'empty key'], ['/', 'empty key'], ['/a/../b', 'invalid key'], ['.', 'invalid key']] as const) {
      let err: unknown;
      try {
        checkKey(key);
      } catch (e) {
        err = e;
      }
      expect(isInvalidArgument(err)).toBe(true);
      expect((err as Error).message).toContain(msg);
    }
    expect(checkKey('pods/a')).toBe('/pods/a');
  });
});

describe('defaultKeyFunc', () => {
  it("lays keys out as the registry does", () => {
    const key = defaultKeyFunc('/pods');
    expect(key({ metadata: { name: 'a', namespace: 'ns' } })).toBe('/pods/ns/a');
    expect(key({ metadata: { name: 'n1' } })).toBe('/pods/n1');
  });
});

describe('deepFreeze', () => {
  it('freezes nested objects and arrays, so a reader cannot change what the cache shares', () => {
    const obj = deepFreeze({ metadata: { labels: { a: 'b' } }, spec: { list: [{ x: 1 }] } });
    expect(() => {
      (obj.metadata.labels as Record<string, string>).a = 'c';
    }).toThrow(TypeError);
    expect(() => {
      obj.spec.list.push({ x: 2 });
    }).toThrow(TypeError);
  });
});
