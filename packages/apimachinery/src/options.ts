// Behaviour of k8s.io/apimachinery/pkg/apis/meta/v1/validation (ValidateListOptions, ValidateCreateOptions,
// ValidateDeleteOptions) and the query decoding of k8s.io/apiserver handlers (v1.33).
import { z } from 'zod';
import { newBadRequest, newInvalid } from './errors.ts';
import { FieldPath, fieldErrors, type FieldError } from './field-errors.ts';
import { parseFieldSelector, type FieldSelector } from './fields.ts';
import { parseLabelSelector, type LabelSelector } from './labels.ts';
import type { Preconditions } from './meta.ts';
import type { FieldValidation } from './scheme.ts';
import { validateFieldManager } from './validation.ts';

/** How a list reads `resourceVersion` (`resourceVersionMatch`); '' is the legacy behaviour. */
export type ResourceVersionMatch = '' | 'NotOlderThan' | 'Exact';

/** metav1.ListOptions as the server uses them (selectors parsed). */
export interface ListOptions {
  labelSelector?: LabelSelector;
  fieldSelector?: FieldSelector;
  resourceVersion?: string;
  resourceVersionMatch?: ResourceVersionMatch;
  limit?: number;
  continue?: string;
  allowWatchBookmarks?: boolean;
}

/** metav1.GetOptions. */
export interface GetOptions {
  resourceVersion?: string;
}

/** metav1.DeleteOptions as the server uses them. */
export interface DeleteOptions {
  dryRun?: boolean;
  preconditions?: Preconditions;
  gracePeriodSeconds?: number;
  propagationPolicy?: 'Orphan' | 'Background' | 'Foreground';
  /** The deprecated form of propagationPolicy (true: Orphan); never set together with it. */
  orphanDependents?: boolean;
}

/** The body of a DELETE (kubectl sends one; client-node uses the query). */
export const DeleteOptionsBody = z.looseObject({
  kind: z.string().optional(),
  apiVersion: z.string().optional(),
  gracePeriodSeconds: z.number().int().nullable().optional(),
  preconditions: z.looseObject({ uid: z.string().nullable().optional(), resourceVersion: z.string().nullable().optional() }).nullable().optional(),
  orphanDependents: z.boolean().nullable().optional(),
  propagationPolicy: z.string().nullable().optional(),
  dryRun: z.array(z.string()).nullable().optional(),
});
export type DeleteOptionsBody = z.infer<typeof DeleteOptionsBody>;

const metaGroup = 'meta.k8s.io';

function invalidOptions(kind: string, errs: FieldError[]): never {
  throw newInvalid({ group: metaGroup, kind }, '', errs);
}

function intParam(q: URLSearchParams, name: string): number | undefined {
  const v = q.get(name);
  if (v === null || v === '') return undefined;
  if (!/^-?[0-9]+$/.test(v) || !Number.isSafeInteger(Number(v))) {
    throw newBadRequest(`invalid value for ${name}: ${JSON.stringify(v)}: strconv.ParseInt: parsing ${JSON.stringify(v)}: invalid syntax`);
  }
  return Number(v);
}

function boolParam(q: URLSearchParams, name: string): boolean | undefined {
  const v = q.get(name);
  if (v === null || v === '') return undefined;
  if (['true', '1', 't', 'T', 'TRUE', 'True'].includes(v)) return true;
  if (['false', '0', 'f', 'F', 'FALSE', 'False'].includes(v)) return false;
  throw newBadRequest(`invalid value for ${name}: ${JSON.stringify(v)}: strconv.ParseBool: parsing ${JSON.stringify(v)}: invalid syntax`);
}

export interface ParsedListOptions extends ListOptions {
  watch: boolean;
  timeoutSeconds?: number;
  sendInitialEvents?: boolean;
}

/** Parses and validates the query of a list or watch. */
export function parseListOptions(q: URLSearchParams): ParsedListOptions {
  const opts: ParsedListOptions = { watch: boolParam(q, 'watch') ?? false };
  const ls = q.get('labelSelector');
  if (ls) opts.labelSelector = parseLabelSelector(ls);
  const fs = q.get('fieldSelector');
  if (fs) opts.fieldSelector = parseFieldSelector(fs);
  const rv = q.get('resourceVersion');
  if (rv !== null) opts.resourceVersion = rv;
  const match = q.get('resourceVersionMatch');
  const limit = intParam(q, 'limit');
  if (limit !== undefined && limit > 0) opts.limit = limit;
  const cont = q.get('continue');
  if (cont) opts.continue = cont;
  const bookmarks = boolParam(q, 'allowWatchBookmarks');
  if (bookmarks !== undefined) opts.allowWatchBookmarks = bookmarks;
  const timeout = intParam(q, 'timeoutSeconds');
  if (timeout !== undefined) opts.timeoutSeconds = timeout;
  const initial = boolParam(q, 'sendInitialEvents');
  if (initial !== undefined) opts.sendInitialEvents = initial;

  const errs: FieldError[] = [];
  if (opts.watch) {
    // validateWatchOptions (WatchList on, as in kube 1.33): sendInitialEvents needs
    // resourceVersionMatch=NotOlderThan, and resourceVersionMatch needs sendInitialEvents.
    if (opts.sendInitialEvents !== undefined && match !== 'NotOlderThan') {
      errs.push(fieldErrors.forbidden('resourceVersionMatch', 'sendInitialEvents requires setting resourceVersionMatch to NotOlderThan'));
    }
    if (match) {
      if (opts.sendInitialEvents === undefined) {
        errs.push(fieldErrors.forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided'));
      }
      if (match !== 'NotOlderThan') errs.push(fieldErrors.notSupported('resourceVersionMatch', match, ['NotOlderThan']));
      else opts.resourceVersionMatch = match;
      if (cont) errs.push(fieldErrors.forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden when continue is provided'));
    }
  } else if (match) {
    if (!rv) errs.push(fieldErrors.forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden unless resourceVersion is provided'));
    if (cont) errs.push(fieldErrors.forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden when continue is provided'));
    if (match === 'Exact' && rv === '0') errs.push(fieldErrors.forbidden('resourceVersionMatch', 'resourceVersionMatch "exact" is forbidden for resourceVersion "0"'));
    if (match !== 'Exact' && match !== 'NotOlderThan') {
      errs.push(fieldErrors.notSupported('resourceVersionMatch', match, ['Exact', 'NotOlderThan', '']));
    } else {
      opts.resourceVersionMatch = match;
    }
  }
  if (opts.sendInitialEvents !== undefined && !opts.watch) {
    errs.push(fieldErrors.forbidden('sendInitialEvents', 'sendInitialEvents is forbidden for list'));
  }
  if (errs.length > 0) invalidOptions('ListOptions', errs);
  return opts;
}

/** `dryRun=All` (repeated values allowed); anything else is 422. */
export function parseDryRun(values: readonly string[], kind: string): boolean {
  const bad = values.filter((v) => v !== 'All');
  if (bad.length > 0) invalidOptions(kind, [fieldErrors.notSupported(FieldPath.of('dryRun'), values, ['All'])]);
  return values.length > 0;
}


export interface WriteOptions {
  dryRun: boolean;
  fieldManager?: string;
  fieldValidation: FieldValidation;
}

/**
 * The options of create, update and patch from the query. `earlier` are errors the caller found
 * first (PatchOptions' force and fieldManager rules); all are reported in one 422, in kube's order.
 */
export function parseWriteOptions(q: URLSearchParams, kind: 'CreateOptions' | 'UpdateOptions' | 'PatchOptions', earlier: readonly FieldError[] = []): WriteOptions {
  const errs: FieldError[] = [...earlier];
  const fm = q.get('fieldManager');
  if (fm !== null && fm !== '') errs.push(...validateFieldManager(fm, FieldPath.of('fieldManager')));
  const dryRun = q.getAll('dryRun');
  const badDryRun = dryRun.filter((v) => v !== 'All');
  if (badDryRun.length > 0) errs.push(fieldErrors.notSupported(FieldPath.of('dryRun'), dryRun, ['All']));
  // Warn is kube's default since 1.23.
  let fieldValidation: FieldValidation = 'Warn';
  const fv = q.get('fieldValidation');
  if (fv !== null && fv !== '') {
    if (fv !== 'Ignore' && fv !== 'Warn' && fv !== 'Strict') {
      errs.push(fieldErrors.notSupported(FieldPath.of('fieldValidation'), fv, ['', 'Ignore', 'Warn', 'Strict']));
    } else fieldValidation = fv;
  }
  if (errs.length > 0) invalidOptions(kind, errs);
  const opts: WriteOptions = { dryRun: dryRun.length > 0, fieldValidation };
  if (fm !== null && fm !== '') opts.fieldManager = fm;
  return opts;
}

/** DeleteOptions from the query (client-node) merged with the body (kubectl); the body wins. */
export function parseDeleteOptions(q: URLSearchParams, rawBody: Record<string, unknown> | undefined): DeleteOptions {
  let body: DeleteOptionsBody | undefined;
  if (rawBody !== undefined) {
    const parsed = DeleteOptionsBody.safeParse(rawBody);
    if (!parsed.success) throw newBadRequest(`DeleteOptions in version "v1" cannot be handled as a DeleteOptions: ${parsed.error.issues[0]!.path.join('.')}: ${parsed.error.issues[0]!.message}`);
    body = parsed.data;
  }
  const dryRunValues = Array.isArray(body?.dryRun) ? body.dryRun : q.getAll('dryRun');
  const opts: DeleteOptions = {};
  if (parseDryRun(dryRunValues, 'DeleteOptions')) opts.dryRun = true;
  const grace = typeof body?.gracePeriodSeconds === 'number' ? body.gracePeriodSeconds : intParam(q, 'gracePeriodSeconds');
  // A negative grace period is taken as 1 s on the delete path (rest.BeforeDelete).
  if (grace !== undefined) opts.gracePeriodSeconds = grace < 0 ? 1 : grace;
  const orphan = typeof body?.orphanDependents === 'boolean' ? body.orphanDependents : boolParam(q, 'orphanDependents');
  if (orphan !== undefined) opts.orphanDependents = orphan;
  const policy = body?.propagationPolicy ?? q.get('propagationPolicy') ?? undefined;
  if (policy !== undefined && policy !== '') {
    // ValidateDeleteOptions.
    if (orphan !== undefined) {
      invalidOptions('DeleteOptions', [fieldErrors.invalid('propagationPolicy', policy, 'orphanDependents and deletionPropagation cannot be both set')]);
    }
    if (policy !== 'Orphan' && policy !== 'Background' && policy !== 'Foreground') {
      invalidOptions('DeleteOptions', [fieldErrors.notSupported('propagationPolicy', policy, ['Foreground', 'Background', 'Orphan', 'nil'])]);
    }
    opts.propagationPolicy = policy;
  }
  const pre = body?.preconditions;
  if (pre) {
    const p: Preconditions = {};
    if (typeof pre.uid === 'string') p.uid = pre.uid;
    if (typeof pre.resourceVersion === 'string') p.resourceVersion = pre.resourceVersion;
    opts.preconditions = p;
  }
  return opts;
}
