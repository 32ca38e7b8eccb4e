import { describe, expect, it } from 'vitest';
import { ObjectMeta } from './meta.ts';
import { omitEmptyFields } from './omit-empty.ts';
import { decodeMessage, encodeMessage } from './protobuf-message.ts';
import { field, struct, types } from './schema/declare.ts';
import { protoMessageOf } from './schema/derive-proto.ts';

const names = (n: string) => ({ id: `io.example.${n}`, protoName: `example.${n}`, description: n });
const Port = struct(names('Port'), {
  name: field(1, types.string()),
  port: field(2, types.int32(), { required: true }),
  nodePort: field(3, types.int32()),
  target: field(4, types.intOrString()),
});
const Spec = struct(names('Spec'), {
  replicas: field(1, types.int32(), { pointer: true }),
  minReadySeconds: field(2, types.int32()),
  paused: field(3, types.bool()),
  type: field(4, types.string()),
  selector: field(5, types.map(types.string())),
  ports: field(6, types.list(Port)),
  template: field(7, struct(names('Template'), { hostNetwork: field(1, types.bool()) })),
  suspend: field(8, types.bool(), { pointer: true }),
  since: field(9, types.time()),
});
const Thing = struct(names('Thing'), { metadata: field(1, ObjectMeta), spec: field(2, Spec) });

describe('omitEmptyFields', () => {
  const cases: { name: string; doc: Record<string, unknown>; want: Record<string, unknown> }[] = [
    {
      name: 'zero values of non-pointer omitempty fields are no values',
      doc: { spec: { minReadySeconds: 0, paused: false, type: '', selector: {}, ports: [] } },
      want: { spec: {} },
    },
    {
      name: 'pointers keep their zero values',
      doc: { spec: { replicas: 0, suspend: false } },
      want: { spec: { replicas: 0, suspend: false } },
    },
    {
      name: 'fields without omitempty keep theirs; structs stay even when empty',
      doc: { spec: { ports: [{ name: '', port: 0, nodePort: 0, target: 0 }], template: { hostNetwork: false } } },
      want: { spec: { ports: [{ port: 0 }], template: {} } },
    },
    {
      name: 'metadata as Go holds it',
      doc: { metadata: { name: 'a', namespace: '', generation: 0, labels: {}, finalizers: [], resourceVersion: '' } },
      want: { metadata: { name: 'a' } },
    },
    { name: 'a zero time is no value', doc: { spec: { since: null } }, want: { spec: {} } },
    { name: 'non-zero values stay', doc: { spec: { minReadySeconds: 5, paused: true, selector: { a: '' } } }, want: { spec: { minReadySeconds: 5, paused: true, selector: { a: '' } } } },
  ];

  it.each(cases)('$name', ({ doc, want }) => {
    const value = structuredClone(doc);
    omitEmptyFields(Thing, value);
    expect(value).toEqual(want);
  });

  it('leaves frozen parts (shared with a cached stored object) as they are', () => {
    const template = Object.freeze({ hostNetwork: false });
    const value = { spec: { paused: false, template } };
    omitEmptyFields(Thing, value);
    expect(value).toEqual({ spec: { template: { hostNetwork: false } } });
  });

  it('gives the form a protobuf round trip (storage) gives', () => {
    const message = protoMessageOf(Thing);
    for (const { doc } of cases) {
      const value = structuredClone(doc);
      omitEmptyFields(Thing, value);
      expect(decodeMessage(message, encodeMessage(message, doc)), JSON.stringify(doc)).toMatchObject(value);
    }
  });
});
