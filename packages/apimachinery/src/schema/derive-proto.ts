// Protobuf descriptors derived from declared structs (declare.ts): field numbers, repeated and map
// fields, Go pointers, and the special messages of Time, Quantity, IntOrString and the rest.
import type { z } from 'zod';
import type { ProtoField, ProtoMessage, ScalarKind } from '../protobuf-message.ts';
import { customTypeOf, defOf, embeddingOf, leafRegistry, structFields, structRegistry, unwrap, type Embedding, type LeafKind } from './declare.ts';

/** Scalars whose Go zero value is written in JSON when the field has no omitempty. */
const alwaysKinds: ReadonlySet<string> = new Set(['string', 'bytes', 'bool', 'int32', 'int64', 'double']);

const cache = new WeakMap<z.ZodType, ProtoMessage>();

/** The leaf kind of a schema, looking through optional/nullable wrappers. */
export function leafOf(schema: z.ZodType): LeafKind | undefined {
  let s: z.ZodType | undefined = schema;
  while (s) {
    const meta = leafRegistry.get(s);
    if (meta) return meta.leaf;
    const d = defOf(s);
    s = d.type === 'optional' || d.type === 'nullable' || d.type === 'default' ? d.innerType : d.type === 'lazy' ? d.getter!() : undefined;
  }
  return undefined;
}

function scalarOf(kind: LeafKind): ScalarKind {
  return kind;
}

/** The element type of a field and how it repeats. */
function shapeOf(type: z.ZodType): { element: z.ZodType; repeated: boolean; map: boolean } {
  const leaf = leafOf(type);
  if (leaf || customTypeOf(type)) return { element: type, repeated: false, map: false };
  const inner = unwrap(type);
  const d = defOf(inner);
  if (d.type === 'array') return { element: d.element!, repeated: true, map: false };
  if (d.type === 'record') return { element: d.valueType!, repeated: false, map: true };
  return { element: inner, repeated: false, map: false };
}

/** The protobuf message of a declared struct. */
export function protoMessageOf(schema: z.ZodType): ProtoMessage {
  const struct = unwrap(schema);
  const cached = cache.get(struct);
  if (cached) return cached;
  const meta = structRegistry.get(struct);
  if (!meta) throw new Error('protoMessageOf: not a declared struct');
  let memo: ProtoField[] | undefined;
  const message: ProtoMessage = {
    name: meta.protoName,
    // A thunk, so that recursive structs work; computed once.
    fields: () => (memo ??= computeFields()),
  };
  cache.set(struct, message);
  return message;

  function computeFields(): ProtoField[] {
    {
      const fields: ProtoField[] = [];
      const embedded = new Set<Embedding>();
      // The JSON position of each field: Go writes a struct's fields in declaration order (an
      // embedded struct's where it is declared), not in field-number order.
      let order = 0;
      for (const f of structFields(struct)) {
        const embedding = embeddingOf(f.type);
        if (embedding) {
          // All the fields of one embedded struct are one message field.
          if (!embedded.has(embedding)) fields.push({ name: embedding.protoName, no: embedding.no, type: protoMessageOf(embedding.struct), inline: true, order: order++ });
          embedded.add(embedding);
          continue;
        }
        if (!f.meta) continue;
        const { element, repeated, map } = shapeOf(f.type);
        const leaf = leafOf(element);
        const custom = customTypeOf(element);
        // A custom type is its wire message, reached through its codec.
        const type = custom ? protoMessageOf(custom.wire()) : leaf ? scalarOf(leaf) : protoMessageOf(element);
        const field: ProtoField = { name: f.name, no: f.meta.no, type, order: order++, ...(custom ? { codec: custom } : {}) };
        // A required (no omitempty) non-pointer scalar is in Go's JSON even when zero.
        const always = f.meta.required === true && !f.meta.pointer && !repeated && !map && typeof type === 'string' && alwaysKinds.has(type);
        fields.push({
          ...field,
          ...(repeated ? { repeated } : {}),
          ...(map ? { map } : {}),
          ...(f.meta.pointer ? { pointer: true } : {}),
          ...(always ? { always: true } : {}),
        });
      }
      return fields.sort((a, b) => a.no - b.no);
    }
  }
}
