// Behaviour of k8s.io/apiserver/pkg/endpoints/handlers/response.go (transformObject, asTable) (v1.33):
// what a get, list or watch answers with, by the Accept header.
import {
  newBadRequest,
  newNotAcceptable,
  orderObjectMeta,
  type IncludeObjectPolicy,
  type KubeObject,
  type ListMeta,
  type Table,
  type TableRow,
} from '@kapi/apimachinery';
import type { ResourceEntry } from '@kapi/registry';
import { acceptsPlainJson, parseAccept } from './media.ts';

export type Output =
  | { kind: 'json'; contentType: string }
  | { kind: 'yaml'; contentType: string }
  | { kind: 'protobuf'; contentType: string }
  | { kind: 'table'; contentType: string; apiVersion: string; includeObject: IncludeObjectPolicy };

/** The media types a resource endpoint serves, for 406 messages. */
export const servedMediaTypes = [
  'application/json',
  'application/yaml',
  'application/vnd.kubernetes.protobuf',
  'application/json;as=Table;v=v1;g=meta.k8s.io',
  'application/json;as=Table;v=v1beta1;g=meta.k8s.io',
];

export const protobufMediaType = 'application/vnd.kubernetes.protobuf';

/**
 * Picks the response form from Accept: a Table when asked (get, list, watch), protobuf when the
 * client prefers it (client-go does for built-in kinds), else JSON. Never 406 when JSON is acceptable.
 */
export function negotiateOutput(accept: string | undefined, query: URLSearchParams, allowTable: boolean, watch = false, allowProtobuf = true): Output {
  for (const m of parseAccept(accept)) {
    if (m.params.as === 'Table' && allowTable && m.type === 'application' && m.subtype === 'json' && m.params.g === 'meta.k8s.io') {
      const v = m.params.v;
      if (v !== 'v1' && v !== 'v1beta1') continue;
      const io = query.get('includeObject') ?? '';
      if (io !== '' && io !== 'None' && io !== 'Metadata' && io !== 'Object') {
        throw newBadRequest(`Unable to convert to Table as requested: includeObject: Invalid value: ${JSON.stringify(io)}: must be 'Metadata', 'Object', 'None', or empty`);
      }
      return {
        kind: 'table',
        contentType: `application/json;as=Table;v=${v};g=meta.k8s.io`,
        apiVersion: `meta.k8s.io/${v}`,
        includeObject: (io || 'Metadata') as IncludeObjectPolicy,
      };
    }
    if (acceptsPlainJson(m)) return { kind: 'json', contentType: 'application/json' };
    if (allowProtobuf && m.type === 'application' && m.subtype === 'vnd.kubernetes.protobuf' && m.params.as === undefined) {
      return { kind: 'protobuf', contentType: watch ? `${protobufMediaType};stream=watch` : protobufMediaType };
    }
    if (m.type === 'application' && m.subtype === 'yaml' && m.params.as === undefined && !watch) return { kind: 'yaml', contentType: 'application/yaml' };
  }
  throw newNotAcceptable(servedMediaTypes);
}

function rowObject(obj: KubeObject, output: Extract<Output, { kind: 'table' }>): unknown {
  switch (output.includeObject) {
    case 'None':
      return null;
    case 'Object':
      return obj;
    default:
      return { kind: 'PartialObjectMetadata', apiVersion: output.apiVersion, metadata: orderObjectMeta(obj.metadata ?? {}) };
  }
}

/** Objects as a Table. `noHeaders` leaves columnDefinitions null (later events of a watch). */
export function toTable(
  entry: ResourceEntry,
  objs: readonly KubeObject[],
  listMeta: ListMeta,
  output: Extract<Output, { kind: 'table' }>,
  noHeaders = false,
): Table {
  const now = Date.now();
  const rows: TableRow[] = (entry.table.sortObjects?.(objs) ?? objs).map((o) => {
    const conditions = entry.table.rowConditions?.(o);
    return { cells: entry.table.cells(o, now), ...(conditions && conditions.length > 0 ? { conditions } : {}), object: rowObject(o, output) };
  });
  return {
    kind: 'Table',
    apiVersion: output.apiVersion,
    metadata: listMeta,
    columnDefinitions: noHeaders ? null : [...entry.table.columns],
    rows: rows.length === 0 && !entry.table.emptyRowsAsArray ? null : rows,
  };
}
