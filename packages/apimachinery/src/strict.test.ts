import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ObjectMeta } from './meta.ts';
import { preserveUnknownFields, pruneUnknownFields, unknownFields, unknownFieldsMessage } from './strict.ts';

const Kind = z.looseObject({
  apiVersion: z.string().optional(),
  kind: z.string().optional(),
  metadata: ObjectMeta.optional(),
  spec: z
    .looseObject({
      items: z.array(z.looseObject({ name: z.string() })).optional(),
      byName: z.record(z.string(), z.looseObject({ port: z.number() })).optional(),
      free: preserveUnknownFields(z.looseObject({})).optional(),
    })
    .optional(),
});

describe('unknownFields', () => {
  it('reports nothing for a document that uses declared fields only', () => {
    expect(unknownFields(Kind, { apiVersion: 'v1', kind: 'K', metadata: { name: 'a', labels: { x: 'y' } }, spec: { items: [{ name: 'n' }] } })).toEqual([]);
  });

  it('reports unknown fields by path, through objects, arrays and maps', () => {
    const doc = {
      metadata: { name: 'a', nmae: 'typo' },
      spec: { items: [{ name: 'n' }, { name: 'm', extra: 1 }], byName: { http: { port: 80, proto: 'tcp' } }, bogus: true },
      status: {},
    };
    expect(unknownFields(Kind, doc)).toEqual(['metadata.nmae', 'spec.items[1].extra', 'spec.byName.http.proto', 'spec.bogus', 'status']);
  });

  it('keeps the fields of objects that preserve unknown fields, and is case-sensitive', () => {
    expect(unknownFields(Kind, { spec: { free: { anything: { goes: 1 } } } })).toEqual([]);
    expect(unknownFields(Kind, { Metadata: {} })).toEqual(['Metadata']);
  });

  it('prunes what it reports, in place, and nothing else', () => {
    const doc = { metadata: { name: 'a', nmae: 'typo' }, spec: { items: [{ name: 'm', extra: 1 }], free: { kept: 1 } } };
    expect(pruneUnknownFields(Kind, doc)).toEqual(['metadata.nmae', 'spec.items[0].extra']);
    expect(doc).toEqual({ metadata: { name: 'a' }, spec: { items: [{ name: 'm' }], free: { kept: 1 } } });
  });

  it('treats Object.prototype names as the unknown fields they are', () => {
    expect(unknownFields(Kind, { valueOf: false, constructor: 1, __proto__x: 2, toString: 'x' })).toEqual(['valueOf', 'constructor', '__proto__x', 'toString']);
  });

  it('formats the message as kube does', () => {
    expect(unknownFieldsMessage(['spec.foo', 'bar'])).toBe('unknown field "spec.foo", unknown field "bar"');
  });
});
