// Behaviour of the helpers of k8s.io/kubernetes/pkg/printers/internalversion/printers.go (v1.33)
// and of the label formatting they call (labels.FormatLabels, metav1.FormatLabelSelector).
import {
  humanDuration,
  isQualifiedName,
  isValidLabelValue,
  objectMetaCreationTimestampDescription,
  objectMetaNameDescription,
  type KubeObject,
  type TableColumnDefinition,
} from '@kapi/apimachinery';

/** A column of kube's printers; `format` is empty except for the Name column. */
export function column(name: string, type: string, description: string, priority = 0, format = ''): TableColumnDefinition {
  return { name, type, format, description, priority };
}

/** The Name column every printer starts with. */
export const nameColumn = column('Name', 'string', objectMetaNameDescription, 0, 'name');
/** The Age column (creationTimestamp as a human duration). */
export const ageColumn = column('Age', 'string', objectMetaCreationTimestampDescription);

/** Literal descriptions kube's printers give the wide template columns. */
export const containersColumn = column('Containers', 'string', 'Names of each container in the template.', 1);
export const imagesColumn = column('Images', 'string', 'Images referenced by each container in the template.', 1);

/** `metadata.name`, or the empty string. */
export function nameOf(obj: KubeObject): string {
  return obj.metadata?.name ?? '';
}

// metav1.Time's zero value (`0001-01-01T00:00:00Z`), which Go treats as "unset".
const goZeroTime = Date.parse('0001-01-01T00:00:00Z');

/**
 * A metav1.Time or MicroTime from JSON as milliseconds since the epoch; undefined for an absent,
 * null or zero time (Go's `IsZero`).
 */
export function timeOf(ts: unknown): number | undefined {
  if (typeof ts !== 'string' || ts === '') return undefined;
  const ms = Date.parse(ts);
  if (Number.isNaN(ms) || ms === goZeroTime) return undefined;
  return ms;
}

/** kube's translateTimestampSince (and translateMicroTimestampSince): `<unknown>` for a zero time. */
export function since(ts: unknown, now: number): string {
  const ms = timeOf(ts);
  return ms === undefined ? '<unknown>' : humanDuration(now - ms);
}

/** labels.FormatLabels: `k=v` pairs sorted by key, comma-separated; `<none>` for none. */
export function formatLabels(labels: Readonly<Record<string, string>> | null | undefined): string {
  const keys = Object.keys(labels ?? {}).sort(compareStrings);
  if (keys.length === 0) return '<none>';
  return keys.map((k) => `${k}=${labels![k]}`).join(',');
}

/** metav1.LabelSelector as JSON. */
export interface LabelSelectorJson {
  matchLabels?: Record<string, string> | null;
  matchExpressions?: { key?: string; operator?: string; values?: string[] | null }[] | null;
}

const selectorOperators: Readonly<Record<string, string>> = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!' };

/**
 * metav1.LabelSelectorAsSelector(...).String(): the canonical selector, requirements sorted by key,
 * `in`/`notin` values sorted. The empty string for a nil or empty selector; undefined when the
 * selector is invalid (an unknown operator, or what labels.NewRequirement rejects).
 */
export function labelSelectorString(selector: LabelSelectorJson | null | undefined): string | undefined {
  if (!selector) return '';
  const matchLabels = selector.matchLabels ?? {};
  const expressions = selector.matchExpressions ?? [];
  const requirements: { key: string; text: string }[] = [];
  for (const [key, value] of Object.entries(matchLabels)) {
    if (!validRequirement(key, '=', [value])) return undefined;
    requirements.push({ key, text: `${key}=${value}` });
  }
  for (const expr of expressions) {
    const op = selectorOperators[expr.operator ?? ''];
    const key = expr.key ?? '';
    const values = expr.values ?? [];
    if (op === undefined || !validRequirement(key, op, values)) return undefined;
    requirements.push({ key, text: requirementString(key, op, values) });
  }
  // Selector.Add sorts by key; Go's insertion sort at these sizes, like Array#sort, is stable.
  requirements.sort((a, b) => compareStrings(a.key, b.key));
  return requirements.map((r) => r.text).join(',');
}

/** metav1.FormatLabelSelector: `<none>` for an empty selector, `<error>` for an invalid one. */
export function formatLabelSelector(selector: LabelSelectorJson | null | undefined): string {
  const s = labelSelectorString(selector);
  if (s === undefined) return '<error>';
  return s === '' ? '<none>' : s;
}

function validRequirement(key: string, op: string, values: readonly string[]): boolean {
  if (isQualifiedName(key).length > 0) return false;
  switch (op) {
    case 'in':
    case 'notin':
      if (values.length === 0) return false;
      break;
    case '=':
      if (values.length !== 1) return false;
      break;
    default:
      if (values.length !== 0) return false;
  }
  return values.every((v) => isValidLabelValue(v).length === 0);
}

function requirementString(key: string, op: string, values: readonly string[]): string {
  switch (op) {
    case 'exists':
      return key;
    case '!':
      return `!${key}`;
    default:
      return `${key} ${op} (${[...values].sort(compareStrings).join(',')})`;
  }
}

/** Go's string order (bytes); code-unit order agrees with it outside surrogate pairs. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A container of a pod template, as JSON. */
export interface ContainerJson {
  name?: string;
  image?: string;
  restartPolicy?: string;
}

/** layoutContainerCells: the names and the images of the containers, comma-separated. */
export function layoutContainerCells(containers: readonly ContainerJson[] | null | undefined): [names: string, images: string] {
  const list = containers ?? [];
  return [list.map((c) => c.name ?? '').join(','), list.map((c) => c.image ?? '').join(',')];
}

/** A pod template, as JSON. */
export interface PodTemplateJson {
  metadata?: { labels?: Record<string, string> };
  spec?: { containers?: ContainerJson[] | null; nodeSelector?: Record<string, string> | null };
}
