// Behaviour of k8s.io/kubernetes pkg/apis/authorization/validation/validation.go (v1.33) and the
// selector requirement checks of k8s.io/apimachinery pkg/apis/meta/v1/validation (v0.33.9): the
// rules of the access reviews. Values kube prints with Go's %#v (a *NonResourceAttributes, an
// ObjectMeta) are rendered as Go would; a nil pointer prints as "null".
import { FieldPath, fieldErrors, isValidLabelValue, quote, validateLabelName, type FieldError, type ObjectMeta } from '@kapi/apimachinery';
import { goStringMap, invalidGo } from '../../workloads/validation.ts';
import type {
  LocalSubjectAccessReview,
  NonResourceAttributes,
  ResourceAttributes,
  SelfSubjectAccessReview,
  SelfSubjectAccessReviewSpec,
  SubjectAccessReview,
  SubjectAccessReviewSpec,
} from './types.ts';

type Requirement = { key?: string | undefined; operator?: string | undefined; values?: string[] | undefined };

const bothMsg = 'cannot be specified in combination with resourceAttributes';
const neitherMsg = 'exactly one of nonResourceAttributes or resourceAttributes must be specified';

/** %#v of a *authorization.NonResourceAttributes, as field.Invalid prints it (nil is "null"). */
function goNonResourceAttributes(a: NonResourceAttributes | undefined): string {
  return a === undefined ? '"null"' : `authorization.NonResourceAttributes{Path:${quote(a.path ?? '')}, Verb:${quote(a.verb ?? '')}}`;
}

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** time.Time's GoString; a decoded metav1.Time is in time.Local (the server's zone, UTC here). */
function goTime(t: string | null | undefined): string {
  if (!t) return 'time.Date(1, time.January, 1, 0, 0, 0, 0, time.UTC)';
  const d = new Date(t);
  return `time.Date(${d.getUTCFullYear()}, time.${months[d.getUTCMonth()]}, ${d.getUTCDate()}, ${d.getUTCHours()}, ${d.getUTCMinutes()}, ${d.getUTCSeconds()}, 0, time.Local)`;
}

const goStrings = (l: readonly string[] | undefined) => (l === undefined ? '[]string(nil)' : `[]string{${l.map(quote).join(', ')}}`);
/** A pointer Go prints as its address, which no one can reproduce. */
const goPointer = (type: string, v: unknown) => (v === undefined || v === null ? `(*${type})(nil)` : `(*${type})(0xc000000000)`);

/** %#v of a metav1.ObjectMeta (the value of the "must be empty" errors). */
export function goObjectMeta(m: ObjectMeta): string {
  const owners =
    m.ownerReferences === undefined
      ? '[]v1.OwnerReference(nil)'
      : `[]v1.OwnerReference{${m.ownerReferences
          .map(
            (o) =>
              `v1.OwnerReference{APIVersion:${quote(o.apiVersion ?? '')}, Kind:${quote(o.kind ?? '')}, Name:${quote(o.name ?? '')}, UID:${quote(o.uid ?? '')}, Controller:${goPointer('bool', o.controller)}, BlockOwnerDeletion:${goPointer('bool', o.blockOwnerDeletion)}}`,
          )
          .join(', ')}}`;
  const managed =
    m.managedFields === undefined
      ? '[]v1.ManagedFieldsEntry(nil)'
      : `[]v1.ManagedFieldsEntry{${m.managedFields
          .map(
            (e) =>
              `v1.ManagedFieldsEntry{Manager:${quote(e.manager ?? '')}, Operation:${quote(e.operation ?? '')}, APIVersion:${quote(e.apiVersion ?? '')}, Time:${e.time ? goTime(e.time) : '<nil>'}, FieldsType:${quote(e.fieldsType ?? '')}, FieldsV1:${goPointer('v1.FieldsV1', e.fieldsV1)}, Subresource:${quote(e.subresource ?? '')}}`,
          )
          .join(', ')}}`;
  return (
    `v1.ObjectMeta{Name:${quote(m.name ?? '')}, GenerateName:${quote(m.generateName ?? '')}, Namespace:${quote(m.namespace ?? '')}, ` +
    `SelfLink:${quote(m.selfLink ?? '')}, UID:${quote(m.uid ?? '')}, ResourceVersion:${quote(m.resourceVersion ?? '')}, Generation:${m.generation ?? 0}, ` +
    `CreationTimestamp:${goTime(m.creationTimestamp)}, DeletionTimestamp:${m.deletionTimestamp ? goTime(m.deletionTimestamp) : '<nil>'}, ` +
    `DeletionGracePeriodSeconds:${goPointer('int64', m.deletionGracePeriodSeconds)}, Labels:${goStringMap(m.labels)}, Annotations:${goStringMap(m.annotations)}, ` +
    `OwnerReferences:${owners}, Finalizers:${goStrings(m.finalizers)}, ManagedFields:${managed}}`
  );
}

/** metav1 ValidateFieldSelectorRequirement with AllowUnknownOperatorInRequirement. */
function validateFieldSelectorRequirement(r: Requirement, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if ((r.key ?? '') === '') errs.push(fieldErrors.required(path.child('key'), 'must be specified'));
  errs.push(...requirementValues(r, path));
  return errs;
}

/** The In/NotIn/Exists/DoesNotExist value rules both selector requirements share (unknown operators allowed). */
function requirementValues(r: Requirement, path: FieldPath): FieldError[] {
  const n = r.values?.length ?? 0;
  switch (r.operator) {
    case 'In':
    case 'NotIn':
      return n === 0 ? [fieldErrors.required(path.child('values'), "must be specified when `operator` is 'In' or 'NotIn'")] : [];
    case 'Exists':
    case 'DoesNotExist':
      return n > 0 ? [fieldErrors.forbidden(path.child('values'), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'")] : [];
    default:
      return [];
  }
}

/** metav1 ValidateLabelSelectorRequirement with AllowUnknownOperatorInRequirement. */
function validateLabelSelectorRequirement(r: Requirement, path: FieldPath): FieldError[] {
  const errs = requirementValues(r, path);
  errs.push(...validateLabelName(r.key ?? '', path.child('key')));
  (r.values ?? []).forEach((v, i) => {
    for (const msg of isValidLabelValue(v)) errs.push(fieldErrors.invalid(path.child('values').index(i), v, msg));
  });
  return errs;
}

function validateSelectorAttributes(
  sel: { rawSelector?: string | undefined; requirements?: Requirement[] | undefined } | undefined,
  path: FieldPath,
  requirement: (r: Requirement, path: FieldPath) => FieldError[],
): FieldError[] {
  if (sel === undefined) return [];
  const errs: FieldError[] = [];
  const raw = sel.rawSelector ?? '';
  const reqs = sel.requirements ?? [];
  if (raw !== '' && reqs.length > 0) errs.push(fieldErrors.invalid(path.child('rawSelector'), raw, 'may not specified at the same time as requirements'));
  if (raw === '' && reqs.length === 0) errs.push(fieldErrors.required(path.child('requirements'), `when ${String(path)} is specified, requirements or rawSelector is required`));
  reqs.forEach((r, i) => errs.push(...requirement(r, path.child('requirements').index(i))));
  return errs;
}

/** validateResourceAttributes: the field and label selectors of a resource request. */
function validateResourceAttributes(a: ResourceAttributes | undefined, path: FieldPath): FieldError[] {
  if (a === undefined) return [];
  return [
    ...validateSelectorAttributes(a.fieldSelector, path.child('fieldSelector'), validateFieldSelectorRequirement),
    ...validateSelectorAttributes(a.labelSelector, path.child('labelSelector'), validateLabelSelectorRequirement),
  ];
}

/** Exactly one of resourceAttributes and nonResourceAttributes. */
function validateAttributesUnion(spec: SelfSubjectAccessReviewSpec, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const r = spec.resourceAttributes;
  const nr = spec.nonResourceAttributes;
  if (r !== undefined && nr !== undefined) errs.push(invalidGo(path.child('nonResourceAttributes'), goNonResourceAttributes(nr), bothMsg));
  if (r === undefined && nr === undefined) errs.push(invalidGo(path.child('resourceAttributes'), goNonResourceAttributes(nr), neitherMsg));
  return errs;
}

/** ValidateSubjectAccessReviewSpec. */
export function validateSubjectAccessReviewSpec(spec: SubjectAccessReviewSpec, path: FieldPath): FieldError[] {
  const errs = validateAttributesUnion(spec, path);
  if ((spec.user ?? '') === '' && (spec.groups ?? []).length === 0) {
    errs.push(fieldErrors.invalid(path.child('user'), spec.user ?? '', 'at least one of user or group must be specified'));
  }
  errs.push(...validateResourceAttributes(spec.resourceAttributes, FieldPath.of('spec', 'resourceAttributes')));
  return errs;
}

/** ValidateSelfSubjectAccessReviewSpec. */
export function validateSelfSubjectAccessReviewSpec(spec: SelfSubjectAccessReviewSpec, path: FieldPath): FieldError[] {
  return [...validateAttributesUnion(spec, path), ...validateResourceAttributes(spec.resourceAttributes, FieldPath.of('spec', 'resourceAttributes'))];
}

/** Whether metadata is the empty ObjectMeta once managedFields (and `except`) are left out. */
function metadataEmpty(meta: ObjectMeta, except: readonly string[]): boolean {
  for (const [k, v] of Object.entries(meta)) {
    if (k === 'managedFields' || except.includes(k) || v === undefined || v === null || v === '' || v === 0) continue;
    // Semantic.DeepEqual takes an empty map or list for a nil one.
    if (Array.isArray(v) ? v.length === 0 : typeof v === 'object' && Object.keys(v).length === 0) continue;
    return false;
  }
  return true;
}

/** ValidateSubjectAccessReview. */
export function validateSubjectAccessReview(sar: SubjectAccessReview): FieldError[] {
  const errs = validateSubjectAccessReviewSpec(sar.spec ?? {}, FieldPath.of('spec'));
  const meta = sar.metadata ?? {};
  if (!metadataEmpty(meta, [])) errs.push(invalidGo('metadata', goObjectMeta(meta), 'must be empty'));
  return errs;
}

/** ValidateSelfSubjectAccessReview. */
export function validateSelfSubjectAccessReview(sar: SelfSubjectAccessReview): FieldError[] {
  const errs = validateSelfSubjectAccessReviewSpec(sar.spec ?? {}, FieldPath.of('spec'));
  const meta = sar.metadata ?? {};
  if (!metadataEmpty(meta, [])) errs.push(invalidGo('metadata', goObjectMeta(meta), 'must be empty'));
  return errs;
}

/** ValidateLocalSubjectAccessReview. */
export function validateLocalSubjectAccessReview(sar: LocalSubjectAccessReview): FieldError[] {
  const spec = sar.spec ?? {};
  const errs = validateSubjectAccessReviewSpec(spec, FieldPath.of('spec'));
  const meta = sar.metadata ?? {};
  if (!metadataEmpty(meta, ['namespace'])) errs.push(invalidGo('metadata', goObjectMeta(meta), 'must be empty except for namespace'));
  if (spec.resourceAttributes !== undefined && (spec.resourceAttributes.namespace ?? '') !== (meta.namespace ?? '')) {
    errs.push(fieldErrors.invalid('spec.resourceAttributes.namespace', spec.resourceAttributes.namespace ?? '', 'must match metadata.namespace'));
  }
  if (spec.nonResourceAttributes !== undefined) {
    errs.push(invalidGo('spec.nonResourceAttributes', goNonResourceAttributes(spec.nonResourceAttributes), 'disallowed on this kind of request'));
  }
  return errs;
}
