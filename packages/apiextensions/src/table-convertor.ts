// Behaviour of k8s.io/apiextensions-apiserver/pkg/registry/customresource/tableconvertor/tableconvertor.go
// and pkg/apiserver/helpers.go (v0.33): the Table form of custom resources, from a version's
// additionalPrinterColumns.
import {
  humanDuration,
  objectMetaCreationTimestampDescription,
  objectMetaNameDescription,
  type KubeObject,
  type TableColumnDefinition,
} from '@kapi/apimachinery';
import { createJsonPath, JsonPathError, type JsonPath } from './jsonpath.ts';

/** A printer column of a CRD version (CustomResourceColumnDefinition, v1). */
export interface PrinterColumn {
  readonly name: string;
  /** integer, number, string, boolean or date (CRD validation allows no other). */
  readonly type: string;
  readonly format?: string | undefined;
  readonly description?: string | undefined;
  readonly priority?: number | undefined;
  /** A simple JSON path starting with `.`, evaluated as the template `{<jsonPath>}`. */
  readonly jsonPath: string;
}

/**
 * The columns of a kind's Table and the cells of one object: structurally the registry's
 * `TableConvertor` (this package sits below @kapi/registry and cannot name it).
 */
export interface CustomResourceTableConvertor {
  /** Name, then one column per printer column, in their order. */
  readonly columns: readonly TableColumnDefinition[];
  /** The cells of one object at `now` (ms since the epoch): its name, then one per printer column (null where there is no value). */
  cells(obj: KubeObject, now: number): unknown[];
  /** Always true: kube's custom resource Tables have `rows: []` for an empty list (MetaToTableRow). */
  readonly emptyRowsAsArray: boolean;
}

/** What {@link createCustomResourceTableConvertor} returns: a convertor always, and kube's error for a column that does not parse. */
export interface TableConvertorResult {
  /** On error, kube's convertor as far as it got: Name and the columns before the bad one. */
  readonly convertor: CustomResourceTableConvertor;
  /** `unrecognized column definition "<jsonPath>"` when a column's path does not parse (kube logs it and serves the partial convertor). */
  readonly error?: string;
}

/** The Age column kube serves for a version without printer columns (serveDefaultColumnsIfEmpty). */
export const defaultAgeColumn: PrinterColumn = {
  name: 'Age',
  type: 'date',
  description: objectMetaCreationTimestampDescription,
  jsonPath: '.metadata.creationTimestamp',
};

/** A CRD version's printer columns as kube serves them: its own, or the default Age column when it has none. */
export function printerColumnsOf(version: { readonly additionalPrinterColumns?: readonly PrinterColumn[] | null | undefined }): readonly PrinterColumn[] {
  const columns = version.additionalPrinterColumns ?? [];
  return columns.length > 0 ? columns : [defaultAgeColumn];
}

/**
 * The columns of the /scale subresource's Table (getScaleColumnsForVersion): Desired and Available
 * where the version's scale subresource has a spec/status replicas path, then Age.
 */
export function scalePrinterColumnsOf(version: {
  readonly subresources?: { readonly scale?: { readonly specReplicasPath?: string; readonly statusReplicasPath?: string } | null | undefined } | null | undefined;
}): PrinterColumn[] {
  const scale = version.subresources?.scale;
  const columns: PrinterColumn[] = [];
  if (scale?.specReplicasPath) columns.push({ name: 'Desired', type: 'integer', description: 'Number of desired replicas', jsonPath: '.spec.replicas' });
  if (scale?.statusReplicasPath) columns.push({ name: 'Available', type: 'integer', description: 'Number of actual replicas', jsonPath: '.status.replicas' });
  columns.push(defaultAgeColumn);
  return columns;
}

const nameColumn: TableColumnDefinition = { name: 'Name', type: 'string', format: 'name', description: objectMetaNameDescription, priority: 0 };

/**
 * The Table convertor of printer columns (tableconvertor.New); pass {@link printerColumnsOf} a version
 * for what kube serves. Each column's path is parsed once as `{<jsonPath>}` with missing keys allowed.
 */
export function createCustomResourceTableConvertor(printerColumns: readonly PrinterColumn[]): TableConvertorResult {
  const columns: TableColumnDefinition[] = [nameColumn];
  const paths: JsonPath[] = [];
  let error: string | undefined;
  for (const col of printerColumns) {
    let path: JsonPath;
    try {
      path = createJsonPath(`{${col.jsonPath}}`, { allowMissingKeys: true });
    } catch (err) {
      if (!(err instanceof JsonPathError)) throw err;
      error = `unrecognized column definition ${JSON.stringify(col.jsonPath)}`;
      break;
    }
    paths.push(path);
    columns.push({
      name: col.name,
      type: col.type,
      format: col.format ?? '',
      description: col.description ? col.description : `Custom resource definition column (in JSONPath format): ${col.jsonPath}`,
      priority: col.priority ?? 0,
    });
  }
  const convertor: CustomResourceTableConvertor = {
    columns,
    cells: (obj, now) => {
      const name = obj.metadata?.name;
      const cells: unknown[] = [typeof name === 'string' ? name : ''];
      paths.forEach((path, i) => {
        const type = columns[i + 1]!.type;
        let results: unknown[][];
        try {
          results = path.findResults(obj);
        } catch (err) {
          if (!(err instanceof JsonPathError)) throw err;
          cells.push(null);
          return;
        }
        const first = results[0];
        if (first === undefined || first.length === 0) return void cells.push(null);
        // Only simple paths are supported: the first result is the value.
        const value = first[0];
        cells.push(type === 'string' ? path.printResults([value]) : cellForJsonValue(type, value, now));
      });
      return cells;
    },
    emptyRowsAsArray: true,
  };
  return error === undefined ? { convertor } : { convertor, error };
}

/**
 * A cell of a column that is not `string` (cellForJSONValue): the value when it has the column's
 * type (integers truncated from numbers, numbers from integers), a `date` as the time since it
 * (`<unknown>` for an empty or zero time, `<invalid>` for one that does not parse or is in the
 * future), null otherwise.
 */
export function cellForJsonValue(type: string, value: unknown, now: number): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'integer':
      return typeof value === 'number' ? Math.trunc(value) : null;
    case 'number':
    case 'boolean':
      return typeof value === (type === 'number' ? 'number' : 'boolean') ? value : null;
    case 'string':
      return typeof value === 'string' ? value : null;
    case 'date': {
      if (typeof value !== 'string') return null;
      if (value === '' || value === 'null') return '<unknown>';
      const t = parseRfc3339(value);
      if (t === undefined) return '<invalid>';
      if (t === zeroTime) return '<unknown>';
      return humanDuration(now - t);
    }
    default:
      return null;
  }
}

const zeroTime = -62135596800000;
const rfc3339Re = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:[.,](\d+))?(?:Z|([+-])(\d{2}):(\d{2}))$/;

/** time.Parse(time.RFC3339, s) as ms since the epoch (fractions of a ms dropped); undefined where Go errors. */
function parseRfc3339(s: string): number | undefined {
  const m = rfc3339Re.exec(s);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return undefined;
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  if (d.getUTCMonth() !== month - 1 || day < 1) return undefined;
  d.setUTCHours(hour, minute, second, Number((m[7] ?? '').slice(0, 3).padEnd(3, '0')));
  if (m[8] !== undefined) {
    const zh = Number(m[9]);
    const zm = Number(m[10]);
    if (zh > 23 || zm > 59) return undefined;
    return d.getTime() - (m[8] === '-' ? -1 : 1) * (zh * 3600 + zm * 60) * 1000;
  }
  return d.getTime();
}
