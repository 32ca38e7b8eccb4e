import { describe, expect, it } from 'vitest';
import type { KubeObject } from '@kapi/apimachinery';
import { Canonicalizer } from './canonical.ts';

// Strings built at run time, as a decoder makes them: equal, but separate copies.
const s = (text: string) => [...text].join('');
const object = (name: string): KubeObject => ({
  kind: s('ConfigMap'),
  apiVersion: s('v1'),
  metadata: {
    name: s(name),
    namespace: s('default'),
    creationTimestamp: s('2026-01-01T00:00:00Z'),
    labels: { app: s('web') },
    finalizers: [s('example.com/f')],
    ownerReferences: [{ apiVersion: s('apps/v1'), kind: s('ReplicaSet'), name: s('rs'), uid: s('u-1') }],
    managedFields: [{ manager: s('kubectl'), operation: s('Update'), apiVersion: s('v1'), time: s('2026-01-01T00:00:00Z'), fieldsType: s('FieldsV1'), fieldsV1: { 'f:data': { '.': {}, 'f:k': {} } } }],
  },
  data: { k: s('v') },
});

describe('Canonicalizer', () => {
  it('leaves every object equal to what it was, and makes two objects share their field sets', () => {
    const c = new Canonicalizer();
    const a = object('a');
    const b = object('b');
    const before = [JSON.stringify(a), JSON.stringify(b)];
    c.share(a);
    c.share(b);
    expect([JSON.stringify(a), JSON.stringify(b)]).toEqual(before);
    const fa = a.metadata!.managedFields![0]!.fieldsV1;
    expect(b.metadata!.managedFields![0]!.fieldsV1).toBe(fa);
    // A different field set is not merged with it.
    const other = object('c');
    (other.metadata!.managedFields![0]! as { fieldsV1: unknown }).fieldsV1 = { 'f:data': { 'f:other': {} } };
    c.share(other);
    expect(other.metadata!.managedFields![0]!.fieldsV1).not.toBe(fa);
    expect(JSON.stringify(other.metadata!.managedFields![0]!.fieldsV1)).toBe('{"f:data":{"f:other":{}}}');
  });

  it('does not change frozen metadata', () => {
    const c = new Canonicalizer();
    c.share(object('a'));
    const frozen = object('b');
    Object.freeze(frozen.metadata);
    const fieldsV1 = frozen.metadata!.managedFields![0]!.fieldsV1;
    expect(() => c.share(frozen)).not.toThrow();
    expect(frozen.metadata!.managedFields![0]!.fieldsV1).toBe(fieldsV1);
  });
});
