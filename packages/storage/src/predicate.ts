// Behaviour of k8s.io/apiserver/pkg/storage/selection_predicate.go (v1.33).
import {
  everythingFields,
  everythingLabels,
  type FieldSelector,
  type KubeObject,
  type LabelSelector,
} from '@kapi/apimachinery';

/** The labels and the selectable fields of an object, as a strategy exposes them. */
export interface ObjectAttrs {
  labels: Readonly<Record<string, string>>;
  fields: Readonly<Record<string, string>>;
}

export type AttrFunc = (obj: KubeObject) => ObjectAttrs;

/** Which objects a list or watch selects, and how a list is paged. */
export interface SelectionPredicate {
  label: LabelSelector;
  field: FieldSelector;
  getAttrs: AttrFunc;
  /** Page size; 0 for no paging. */
  limit?: number;
  /** The continue token of the previous page. */
  continue?: string;
  /** The watch wants BOOKMARK events. */
  allowWatchBookmarks?: boolean;
}

/** metadata.name and metadata.namespace: the fields every kind can be selected by. */
export function defaultAttrs(obj: KubeObject): ObjectAttrs {
  const meta = obj.metadata ?? {};
  // One literal each way (no properties added later), and one empty label set for every object without labels: caches keep these per object.
  const fields: Record<string, string> = meta.namespace !== undefined ? { 'metadata.name': meta.name ?? '', 'metadata.namespace': meta.namespace } : { 'metadata.name': meta.name ?? '' };
  return { labels: meta.labels ?? noLabels, fields };
}

const noLabels: Readonly<Record<string, string>> = Object.freeze({});

/** The predicate that selects everything. */
export function everything(getAttrs: AttrFunc = defaultAttrs): SelectionPredicate {
  return { label: everythingLabels, field: everythingFields, getAttrs };
}

/** True when the predicate selects every object. */
export function selectsEverything(p: SelectionPredicate): boolean {
  return p.label.isEmpty() && p.field.isEmpty();
}

/** True when obj passes the predicate's label and field selectors. */
export function predicateMatches(p: SelectionPredicate, obj: KubeObject): boolean {
  if (selectsEverything(p)) return true;
  const attrs = p.getAttrs(obj);
  return p.label.matches(attrs.labels) && p.field.matches(attrs.fields);
}
