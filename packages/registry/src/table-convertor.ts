// Behaviour of k8s.io/apiserver/pkg/registry/rest/table.go and k8s.io/kubernetes/pkg/printers (v1.33):
// objects as Tables for `kubectl get`.
import {
  formatTime,
  humanDuration,
  objectMetaCreationTimestampDescription,
  objectMetaNameDescription,
  type KubeObject,
  type TableColumnDefinition,
  type TableRow,
} from '@kapi/apimachinery';

/** The columns of a kind's table and the cells of one object. */
export interface TableConvertor {
  readonly columns: readonly TableColumnDefinition[];
  cells(obj: KubeObject, now: number): unknown[];
  /** The row's `conditions` (pods: Completed=True once Succeeded or Failed); absent or undefined for none. */
  rowConditions?(obj: KubeObject): TableRow['conditions'];
  /** The order a list's rows print in, where the printer sorts (kube's printFlowSchemaList); absent keeps the list's order. */
  sortObjects?(objs: readonly KubeObject[]): KubeObject[];
  /** True for kube's printers, whose empty lists have `rows: []`; the default convertor has `rows: null`. */
  readonly emptyRowsAsArray: boolean;
}

const nameColumn: TableColumnDefinition = { name: 'Name', type: 'string', format: 'name', description: objectMetaNameDescription, priority: 0 };
const ageColumn: TableColumnDefinition = { name: 'Age', type: 'string', format: '', description: objectMetaCreationTimestampDescription, priority: 0 };

/** kube's translateTimestampSince: `<unknown>` for no timestamp, else a human duration. */
export function age(obj: KubeObject, now: number): string {
  const ts = obj.metadata?.creationTimestamp;
  if (!ts) return '<unknown>';
  return humanDuration(now - Date.parse(ts));
}

/** The convertor of kinds without a printer: Name and Created At. */
export const defaultTableConvertor: TableConvertor = {
  columns: [nameColumn, { name: 'Created At', type: 'date', format: '', description: objectMetaCreationTimestampDescription, priority: 0 }],
  cells: (obj) => {
    const ts = obj.metadata?.creationTimestamp;
    return [obj.metadata?.name ?? '', ts ? formatTime(new Date(ts)) : '0001-01-01T00:00:00Z'];
  },
  emptyRowsAsArray: false,
};

const configMapDataDescription =
  "Data contains the configuration data. Each key must consist of alphanumeric characters, '-', '_' or '.'. Values with non-UTF-8 byte sequences must use the BinaryData field. The keys stored in Data must not overlap with the keys in the BinaryData field, this is enforced during validation process.";

export const configMapTableConvertor: TableConvertor = {
  columns: [nameColumn, { name: 'Data', type: 'string', format: '', description: configMapDataDescription, priority: 0 }, ageColumn],
  cells: (obj, now) => [
    obj.metadata?.name ?? '',
    Object.keys((obj.data as object | undefined) ?? {}).length + Object.keys((obj.binaryData as object | undefined) ?? {}).length,
    age(obj, now),
  ],
  emptyRowsAsArray: true,
};

export const namespaceTableConvertor: TableConvertor = {
  columns: [nameColumn, { name: 'Status', type: 'string', format: '', description: 'The status of the namespace', priority: 0 }, ageColumn],
  cells: (obj, now) => [obj.metadata?.name ?? '', (obj.status as { phase?: string } | undefined)?.phase ?? '', age(obj, now)],
  emptyRowsAsArray: true,
};

export const secretTableConvertor: TableConvertor = {
  columns: [
    nameColumn,
    {
      name: 'Type',
      type: 'string',
      format: '',
      description: 'Used to facilitate programmatic handling of secret data. More info: https://kubernetes.io/docs/concepts/configuration/secret/#secret-types',
      priority: 0,
    },
    {
      name: 'Data',
      type: 'string',
      format: '',
      description:
        "Data contains the secret data. Each key must consist of alphanumeric characters, '-', '_' or '.'. The serialized form of the secret data is a base64 encoded string, representing the arbitrary (possibly non-string) data value here. Described in https://tools.ietf.org/html/rfc4648#section-4",
      priority: 0,
    },
    ageColumn,
  ],
  cells: (obj, now) => [obj.metadata?.name ?? '', (obj.type as string | undefined) ?? '', Object.keys((obj.data as object | undefined) ?? {}).length, age(obj, now)],
  emptyRowsAsArray: true,
};
