// Behaviour of k8s.io/apiextensions-apiserver pkg/controller/status/naming_controller.go,
// pkg/controller/establish/establishing_controller.go, pkg/controller/nonstructuralschema,
// pkg/controller/finalizer/crd_finalizer.go (Terminating), pkg/registry/customresourcedefinition
// (storedVersions, InstanceDeletionPending) and pkg/apihelpers (v0.33), as pure functions over a
// CustomResourceDefinition in its JSON form.
import { X509Certificate } from 'node:crypto';
import type { CustomResourceDefinition, CustomResourceDefinitionCondition, CustomResourceDefinitionNames, CustomResourceDefinitionStatus } from '@kapi/api';
import { FieldPath, aggregateFieldErrors, fieldErrors, formatTime, type FieldError } from '@kapi/apimachinery';
import { newStructural } from './structural.ts';
import { validateStructural } from './validate-structural.ts';

/** A CRD condition type kube's controllers write. */
export type CrdConditionType = 'Established' | 'NamesAccepted' | 'NonStructuralSchema' | 'Terminating' | 'KubernetesAPIApprovalPolicyConformant';

/** The finalizer the CRD registry adds on the first delete; the instance cleanup removes it. */
export const customResourceCleanupFinalizer = 'customresourcecleanup.apiextensions.k8s.io';

// ---------------------------------------------------------------------------------------------
// Condition helpers (pkg/apihelpers). They never mutate their arguments.

/** FindCRDCondition: the first condition of `type`, or undefined. */
export function findCrdCondition(status: CustomResourceDefinitionStatus | undefined, type: string): CustomResourceDefinitionCondition | undefined {
  return (status?.conditions ?? []).find((c) => c.type === type);
}

/** IsCRDConditionPresentAndEqual: the first condition of `type` exists and has status `want`. */
export function isCrdConditionPresentAndEqual(status: CustomResourceDefinitionStatus | undefined, type: string, want: string): boolean {
  const c = findCrdCondition(status, type);
  return c !== undefined && c.status === want;
}

/** IsCRDConditionTrue: the condition is present and strictly `True`. */
export const isCrdConditionTrue = (status: CustomResourceDefinitionStatus | undefined, type: string): boolean => isCrdConditionPresentAndEqual(status, type, 'True');

/** IsCRDConditionFalse: the condition is present and `False`. */
export const isCrdConditionFalse = (status: CustomResourceDefinitionStatus | undefined, type: string): boolean => isCrdConditionPresentAndEqual(status, type, 'False');

/** IsCRDConditionEquivalent: same type, status, reason and message (times are ignored); two absent conditions are equivalent. */
export function isCrdConditionEquivalent(a: CustomResourceDefinitionCondition | undefined, b: CustomResourceDefinitionCondition | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return (a.message ?? '') === (b.message ?? '') && (a.reason ?? '') === (b.reason ?? '') && (a.status ?? '') === (b.status ?? '') && (a.type ?? '') === (b.type ?? '');
}

/**
 * SetCRDCondition: `status` with `condition` set. A condition of a new type is appended with
 * lastTransitionTime `now`; an existing one takes the new status, reason and message in place, and
 * its lastTransitionTime becomes `now` only when the status changes (or it had none). The time the
 * caller puts on `condition` is ignored, as in kube.
 */
export function setCrdCondition(status: CustomResourceDefinitionStatus | undefined, condition: CustomResourceDefinitionCondition, now: Date): CustomResourceDefinitionStatus {
  const time = formatTime(now);
  const conditions = [...(status?.conditions ?? [])];
  const i = conditions.findIndex((c) => c.type === condition.type);
  if (i < 0) {
    conditions.push({ ...condition, lastTransitionTime: time });
  } else {
    const old = conditions[i]!;
    const changed = old.status !== condition.status || !old.lastTransitionTime;
    const lastTransitionTime = changed ? time : old.lastTransitionTime!;
    conditions[i] = { ...old, status: condition.status ?? '', reason: condition.reason ?? '', message: condition.message ?? '', lastTransitionTime };
  }
  return { ...status, conditions };
}

/** RemoveCRDCondition: `status` without any condition of `type`. */
export function removeCrdCondition(status: CustomResourceDefinitionStatus | undefined, type: string): CustomResourceDefinitionStatus {
  return { ...status, conditions: (status?.conditions ?? []).filter((c) => c.type !== type) };
}

// ---------------------------------------------------------------------------------------------
// Names (the naming controller).

/** The names a CRD of the group already holds: resources (plural, singular, short names) and kinds (kind, list kind). */
export interface NamesInUse {
  resources: ReadonlySet<string>;
  kinds: ReadonlySet<string>;
}

/**
 * getAcceptedNamesForGroup: the accepted names of every CRD of `group` in `crds`. As in kube, a
 * CRD's own entry counts too (its names then only pass because they are already accepted), and
 * empty names are in the sets.
 */
export function acceptedNamesForGroup(group: string, crds: Iterable<CustomResourceDefinition>): NamesInUse {
  const resources = new Set<string>();
  const kinds = new Set<string>();
  for (const crd of crds) {
    if ((crd.spec?.group ?? '') !== group) continue;
    const n = crd.status?.acceptedNames ?? {};
    resources.add(n.plural ?? '');
    resources.add(n.singular ?? '');
    for (const s of n.shortNames ?? []) resources.add(s);
    kinds.add(n.kind ?? '');
    kinds.add(n.listKind ?? '');
  }
  return { resources, kinds };
}

/** The naming controller's verdict: the names to accept and the two conditions it writes. */
export interface NamesAndConditions {
  acceptedNames: CustomResourceDefinitionNames;
  /** NamesAccepted: True/NoConflicts, or False with the last conflict found (…Conflict, `"x" is already in use`). */
  namesAccepted: CustomResourceDefinitionCondition;
  /**
   * Established as the naming controller leaves it: an existing True is kept; once the names are
   * accepted, False/Installing (the establishing controller turns it True, see
   * {@link establishingCondition}); otherwise the existing one, or False/NotAccepted.
   */
  established: CustomResourceDefinitionCondition;
}

/** equalToAcceptedOrFresh: the conflict message, or undefined when the name may be taken. */
function conflict(requested: string, accepted: string, used: ReadonlySet<string>): string | undefined {
  if (requested === accepted || !used.has(requested)) return undefined;
  return `${goQuote(requested)} is already in use`;
}

/** Go's %q for the names CRD validation lets through (DNS labels, CamelCase kinds); JSON quoting otherwise. */
const goQuote = (s: string): string => JSON.stringify(s);

const sameList = (a: readonly string[] | undefined, b: readonly string[] | undefined): boolean =>
  (a ?? []).length === (b ?? []).length && (a ?? []).every((x, i) => x === b![i]);

/** The JSON form of names as Go writes them: plural and kind always, the rest when not empty. */
function namesJson(n: { plural: string; singular: string; kind: string; listKind: string; shortNames: string[] | undefined; categories: string[] | undefined }): CustomResourceDefinitionNames {
  return {
    plural: n.plural,
    ...(n.singular ? { singular: n.singular } : {}),
    ...(n.shortNames?.length ? { shortNames: n.shortNames } : {}),
    kind: n.kind,
    ...(n.listKind ? { listKind: n.listKind } : {}),
    ...(n.categories?.length ? { categories: n.categories } : {}),
  };
}

/**
 * calculateNamesAndConditions: which of `crd`'s spec names it may have, given the accepted names
 * of the CRDs of its group in `crds` (kube passes every CRD, the one at hand included). A name is
 * taken when it is already this CRD's accepted name or nobody of the group holds it; otherwise
 * the accepted one stays and NamesAccepted is False with the reason of the last conflicting
 * field, in the order plural, singular, shortNames (all at once), kind, listKind. Categories are
 * always taken. Resources and kinds are separate name spaces.
 */
export function calculateNamesAndConditions(crd: CustomResourceDefinition, crds: Iterable<CustomResourceDefinition>): NamesAndConditions {
  const { resources, kinds } = acceptedNamesForGroup(crd.spec?.group ?? '', crds);
  const requested = crd.spec?.names ?? {};
  const accepted = crd.status?.acceptedNames ?? {};
  const next = {
    plural: accepted.plural ?? '',
    singular: accepted.singular ?? '',
    kind: accepted.kind ?? '',
    listKind: accepted.listKind ?? '',
    shortNames: accepted.shortNames,
    categories: requested.categories,
  };
  let namesAccepted: CustomResourceDefinitionCondition = { type: 'NamesAccepted', status: 'Unknown' };
  const reject = (reason: string, message: string) => (namesAccepted = { type: 'NamesAccepted', status: 'False', reason, message });

  const single = (field: 'plural' | 'singular' | 'kind' | 'listKind', used: ReadonlySet<string>, reason: string) => {
    const err = conflict(requested[field] ?? '', accepted[field] ?? '', used);
    if (err !== undefined) reject(reason, err);
    else next[field] = requested[field] ?? '';
  };
  single('plural', resources, 'PluralConflict');
  single('singular', resources, 'SingularConflict');
  if (!sameList(requested.shortNames, accepted.shortNames)) {
    const ours = new Set(accepted.shortNames ?? []);
    const errs = (requested.shortNames ?? []).filter((s) => !ours.has(s)).flatMap((s) => conflict(s, '', resources) ?? []);
    if (errs.length > 0) reject('ShortNamesConflict', aggregateMessages(errs));
    else next.shortNames = requested.shortNames;
  }
  single('kind', kinds, 'KindConflict');
  single('listKind', kinds, 'ListKindConflict');

  if (namesAccepted.status === 'Unknown') namesAccepted = { type: 'NamesAccepted', status: 'True', reason: 'NoConflicts', message: 'no conflicts found' };

  let established: CustomResourceDefinitionCondition = findCrdCondition(crd.status, 'Established') ?? {
    type: 'Established',
    status: 'False',
    reason: 'NotAccepted',
    message: 'not all names are accepted',
  };
  if (established.status !== 'True' && namesAccepted.status === 'True') {
    established = { type: 'Established', status: 'False', reason: 'Installing', message: 'the initial names have been accepted' };
  }
  return { acceptedNames: namesJson(next), namesAccepted, established };
}

/** utilerrors.NewAggregate(errs).Error(): one message alone, several as `[a, b]`, duplicates dropped. */
function aggregateMessages(msgs: readonly string[]): string {
  const unique = [...new Set(msgs)];
  return unique.length === 1 ? unique[0]! : `[${unique.join(', ')}]`;
}

/** Semantic equality of spec names and accepted names (a missing list equals an empty one). */
export function namesEqual(a: CustomResourceDefinitionNames | undefined, b: CustomResourceDefinitionNames | undefined): boolean {
  const x = a ?? {};
  const y = b ?? {};
  return (
    (x.plural ?? '') === (y.plural ?? '') &&
    (x.singular ?? '') === (y.singular ?? '') &&
    (x.kind ?? '') === (y.kind ?? '') &&
    (x.listKind ?? '') === (y.listKind ?? '') &&
    sameList(x.shortNames, y.shortNames) &&
    sameList(x.categories, y.categories)
  );
}

// ---------------------------------------------------------------------------------------------
// Established (the establishing controller).

/**
 * The establishing controller's sync: undefined unless NamesAccepted is True and Established is
 * not; then Established True/InitialNamesAccepted, or False/InvalidCABundle when the conversion
 * webhook's caBundle holds no usable certificate.
 */
export function establishingCondition(crd: CustomResourceDefinition): CustomResourceDefinitionCondition | undefined {
  if (!isCrdConditionTrue(crd.status, 'NamesAccepted') || isCrdConditionTrue(crd.status, 'Established')) return undefined;
  const clientConfig = crd.spec?.conversion?.webhook?.clientConfig;
  if (clientConfig && !isValidCABundle(clientConfig.caBundle)) {
    return { type: 'Established', status: 'False', reason: 'InvalidCABundle', message: 'The conversion webhook CABundle is invalid' };
  }
  return { type: 'Established', status: 'True', reason: 'InitialNamesAccepted', message: 'the initial names have been accepted' };
}

/**
 * webhook.ValidateCABundle: an empty bundle is valid (the system roots); otherwise it must hold at
 * least one PEM CERTIFICATE block without headers that parses as X.509 (Go's AppendCertsFromPEM).
 * `caBundle` is the JSON form: base64 of the PEM bytes.
 */
function isValidCABundle(caBundle: string | undefined): boolean {
  if (!caBundle) return true;
  const pem = Buffer.from(caBundle, 'base64').toString('latin1');
  for (const m of pem.matchAll(/-----BEGIN ([^\r\n-]*)-----\r?\n([\s\S]*?)-----END \1-----/g)) {
    if (m[1] !== 'CERTIFICATE' || m[2]!.includes(':')) continue;
    try {
      new X509Certificate(Buffer.from(m[2]!.replace(/\s/g, ''), 'base64'));
      return true;
    } catch {
      // Go skips blocks that do not parse.
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// NonStructuralSchema (the nonstructuralschema controller).

/**
 * calculateCondition of the nonstructuralschema controller: undefined when every version's schema
 * is structural and spec.preserveUnknownFields is false; True/Violations with the aggregated
 * field errors (`spec.preserveUnknownFields: Invalid value: true: must be false`, then each
 * version's ValidateStructural errors under spec.versions[i].schema.openAPIV3Schema) otherwise;
 * Unknown/StructuralError when a schema cannot be read as structural at all.
 */
export function nonStructuralSchemaCondition(crd: CustomResourceDefinition): CustomResourceDefinitionCondition | undefined {
  const errs: FieldError[] = [];
  if (crd.spec?.preserveUnknownFields) errs.push(fieldErrors.invalid(FieldPath.of('spec', 'preserveUnknownFields'), true, 'must be false'));
  for (const [i, v] of (crd.spec?.versions ?? []).entries()) {
    const schema = v.schema?.openAPIV3Schema;
    if (schema === undefined || schema === null) continue;
    let s;
    try {
      s = newStructural(schema);
    } catch (e) {
      const message = `failed to check validation schema for version ${v.name ?? ''}: ${e instanceof Error ? e.message : String(e)}`;
      return { type: 'NonStructuralSchema', status: 'Unknown', reason: 'StructuralError', message };
    }
    errs.push(...validateStructural(FieldPath.of('spec', 'versions').index(i).child('schema', 'openAPIV3Schema'), s));
  }
  if (errs.length === 0) return undefined;
  return { type: 'NonStructuralSchema', status: 'True', reason: 'Violations', message: aggregateFieldErrors(errs) };
}

// ---------------------------------------------------------------------------------------------
// Terminating (the CRD registry's delete and the instance cleanup finalizer).

/** The Terminating conditions kube writes while a CRD is deleted, with kube's reasons and messages. */
export const terminatingConditions = {
  /** Set by the registry on the first delete, with deletionTimestamp and the cleanup finalizer. */
  deletionPending: { type: 'Terminating', status: 'True', reason: 'InstanceDeletionPending', message: 'CustomResourceDefinition marked for deletion; CustomResource deletion will begin soon' },
  /** Set by the cleanup finalizer before it deletes the instances. */
  deletionInProgress: { type: 'Terminating', status: 'True', reason: 'InstanceDeletionInProgress', message: 'CustomResource deletion is in progress' },
  /** Every instance is gone. */
  deletionCompleted: { type: 'Terminating', status: 'False', reason: 'InstanceDeletionCompleted', message: 'removed all instances' },
  /** The CRD was never established, so there is nothing to delete. */
  neverEstablished: { type: 'Terminating', status: 'False', reason: 'NeverEstablished', message: 'resource was never established' },
  /** The resource shares storage with a built-in one; instances are kept. */
  overlappingBuiltInResource: { type: 'Terminating', status: 'False', reason: 'OverlappingBuiltInResource', message: 'instances overlap with built-in resources in storage' },
  /** Listing or deleting the instances failed (`err` is the error text). */
  listFailed: (err: string) => ({ type: 'Terminating', status: 'True', reason: 'InstanceDeletionFailed', message: `could not list instances: ${err}` }),
  deleteFailed: (err: string) => ({ type: 'Terminating', status: 'True', reason: 'InstanceDeletionFailed', message: `could not issue all deletes: ${err}` }),
  /** The instances were not all gone in time. */
  checkFailed: (err: string) => ({ type: 'Terminating', status: 'True', reason: 'InstanceDeletionCheck', message: `could not confirm zero CustomResources remaining: ${err}` }),
} as const satisfies Record<string, CustomResourceDefinitionCondition | ((err: string) => CustomResourceDefinitionCondition)>;

/**
 * The Terminating condition the cleanup finalizer writes when it picks a CRD up: undefined unless
 * the CRD has a deletionTimestamp and still carries {@link customResourceCleanupFinalizer}; then
 * InstanceDeletionInProgress. What follows the instance deletion is one of
 * {@link terminatingConditions}, chosen by the caller that deletes them.
 */
export function terminatingCondition(crd: CustomResourceDefinition): CustomResourceDefinitionCondition | undefined {
  if (!crd.metadata?.deletionTimestamp) return undefined;
  if (!(crd.metadata.finalizers ?? []).includes(customResourceCleanupFinalizer)) return undefined;
  return { ...terminatingConditions.deletionInProgress };
}

// ---------------------------------------------------------------------------------------------
// storedVersions (the CRD strategy) and the whole status.

/**
 * status.storedVersions after a create or update (PrepareForCreate/PrepareForUpdate): the current
 * list with the storage version (the first version marked storage) appended when it is not there.
 * On create the caller passes a CRD whose status was cleared.
 */
export function storedVersionsAfter(crd: CustomResourceDefinition): string[] {
  const stored = [...(crd.status?.storedVersions ?? [])];
  const storage = (crd.spec?.versions ?? []).find((v) => v.storage);
  if (storage && !stored.includes(storage.name ?? '')) stored.push(storage.name ?? '');
  return stored;
}

/**
 * One level-based pass of kube's status controllers over `crd`, in the order their effects
 * arrive: the naming controller (only when spec names differ from the accepted ones, and only
 * written when the names or NamesAccepted change), the establishing controller, the
 * nonstructuralschema controller (set when its status, reason or message changes, removed when
 * the schemas became structural), and the cleanup finalizer's first step. Idempotent: a second
 * pass with the same inputs returns an equal status. Where kube would show Established
 * False/Installing until the establishing controller runs, one pass goes straight to True.
 */
export function reconcileCrdStatus(crd: CustomResourceDefinition, crds: Iterable<CustomResourceDefinition>, now: Date): CustomResourceDefinitionStatus {
  let status: CustomResourceDefinitionStatus = { ...crd.status };
  if (!namesEqual(crd.spec?.names, status.acceptedNames)) {
    const r = calculateNamesAndConditions(crd, crds);
    if (!namesEqual(r.acceptedNames, status.acceptedNames) || !isCrdConditionEquivalent(r.namesAccepted, findCrdCondition(status, 'NamesAccepted'))) {
      status = { ...setCrdCondition(setCrdCondition(status, r.namesAccepted, now), r.established, now), acceptedNames: r.acceptedNames };
    }
  }
  const established = establishingCondition({ ...crd, status });
  if (established) status = setCrdCondition(status, established, now);

  const nonStructural = nonStructuralSchemaCondition(crd);
  const old = findCrdCondition(status, 'NonStructuralSchema');
  if (nonStructural === undefined) {
    if (old !== undefined) status = removeCrdCondition(status, 'NonStructuralSchema');
  } else if (!isCrdConditionEquivalent(nonStructural, old)) {
    status = setCrdCondition(status, nonStructural, now);
  }

  const terminating = terminatingCondition(crd);
  if (terminating && !isCrdConditionEquivalent(terminating, findCrdCondition(status, 'Terminating'))) status = setCrdCondition(status, terminating, now);
  return status;
}
