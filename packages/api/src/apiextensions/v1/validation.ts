// Behaviour of k8s.io/apiextensions-apiserver pkg/apis/apiextensions/validation/validation.go
// ValidateCustomResourceDefinition(Update) (v1.33), with k8s.io/apiserver pkg/util/webhook
// validation.go and pkg/apihelpers (API approval of *.k8s.io groups). Errors carry the paths of
// kube's internal form (internal.ts): spec.validation.openAPIV3Schema when every version has the
// same schema, spec.conversion.webhookClientConfig, ….
import {
  FieldPath,
  fieldErrors,
  fieldImmutableErrorMsg,
  isDNS1035Label,
  isDNS1123Subdomain,
  nameIsDNSSubdomain,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type FieldError,
  type NameValidator,
} from '@kapi/apimachinery';
import { invalidGo, isValidPortNum } from '../../core/v1/validation-helpers.ts';
import { X509Certificate } from 'node:crypto';
import { decodePem, type PemBlock } from '../../certificates/v1/pem.ts';
import { goParseRequestUri, goParseUrl } from './go-url.ts';
import { goStrings, goVersions, internalSpecOf, type InternalConversion, type InternalSpec } from './internal.ts';
import type { JSONSchemaProps } from './json-schema.ts';
import { validateCustomResourceValidation, type SchemaValidationOptions } from './schema-validation.ts';
import { isStructural, schemaHas, structuralError, validFieldPath } from './structural.ts';
import type { CustomResourceDefinition, CustomResourceDefinitionNames, CustomResourceDefinitionStatus, CustomResourceSubresources, SelectableField } from './types.ts';

const printerColumnDatatypes = ['boolean', 'date', 'integer', 'number', 'string'];
const columnFormats = ['byte', 'date', 'date-time', 'double', 'float', 'int32', 'int64', 'password'];
const acceptedConversionReviewVersions = ['v1', 'v1beta1'];
/** The most selectable fields a version may have. */
export const maxSelectableFields = 8;
/** The annotation that approves a CRD in a protected group (k8s.io, kubernetes.io). */
export const kubeAPIApprovedAnnotation = 'api-approved.kubernetes.io';

interface Options extends SchemaValidationOptions {
  requireRecognizedConversionReviewVersion: boolean;
  /** An invalid conversion webhook caBundle is allowed on create, before the CRD is established, and when the stored one is invalid too. */
  allowInvalidCABundle: boolean;
  requireOpenAPISchema: boolean;
  requireImmutableNames: boolean;
}

type Schema = JSONSchemaProps;

const join = (errs: string[]) => errs.join(',');

/** The schemas of a spec (top-level and per version). */
function schemasOf(spec: InternalSpec): Schema[] {
  return [spec.validation?.openAPIV3Schema, ...spec.versions.map((v) => v.schema?.openAPIV3Schema)].filter((s): s is Schema => s !== undefined);
}
const specHas = (spec: InternalSpec, pred: (s: Schema) => boolean) => schemasOf(spec).some((s) => schemaHas(s, pred));

function validateEnum(path: FieldPath, value: string, accepted: string[]): FieldError[] {
  if (value === '') return [fieldErrors.required(path, '')];
  return accepted.includes(value) ? [] : [fieldErrors.notSupported(path, value, accepted)];
}

/** ValidateCustomResourceDefinitionNames. */
export function validateNames(names: CustomResourceDefinitionNames, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const label = (value: string | undefined, at: string, lower = false) => {
    if (!value) return;
    const msgs = isDNS1035Label(lower ? value.toLowerCase() : value);
    if (msgs.length > 0) errs.push(fieldErrors.invalid(path.child(at), value, lower ? `may have mixed case, but should otherwise match: ${join(msgs)}` : join(msgs)));
  };
  label(names.plural, 'plural');
  label(names.singular, 'singular');
  label(names.kind, 'kind', true);
  label(names.listKind, 'listKind', true);
  (names.shortNames ?? []).forEach((n, i) => {
    const msgs = isDNS1035Label(n);
    if (msgs.length > 0) errs.push(fieldErrors.invalid(path.child('shortNames').index(i), n, join(msgs)));
  });
  if (names.kind && names.kind === names.listKind) errs.push(fieldErrors.invalid(path.child('listKind'), names.listKind, 'kind and listKind may not be the same'));
  (names.categories ?? []).forEach((c, i) => {
    const msgs = isDNS1035Label(c);
    if (msgs.length > 0) errs.push(fieldErrors.invalid(path.child('categories').index(i), c, join(msgs)));
  });
  return errs;
}

/** validateSimpleJSONPath. */
function validateSimpleJSONPath(s: string, path: FieldPath): FieldError[] {
  if (s.length === 0) return [fieldErrors.invalid(path, s, 'must not be empty')];
  if (!s.startsWith('.')) return [fieldErrors.invalid(path, s, 'must be a simple json path starting with .')];
  return [];
}

/** ValidateCustomResourceColumnDefinition (kube reports the path as `JSONPath`). */
function validateColumn(col: { name?: string | undefined; type?: string | undefined; format?: string | undefined; jsonPath?: string | undefined }, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (!col.name) errs.push(fieldErrors.required(path.child('name'), ''));
  const types = `must be one of ${printerColumnDatatypes.join(',')}`;
  if (!col.type) errs.push(fieldErrors.required(path.child('type'), types));
  else if (!printerColumnDatatypes.includes(col.type)) errs.push(fieldErrors.invalid(path.child('type'), col.type, types));
  if (col.format && !columnFormats.includes(col.format)) errs.push(fieldErrors.invalid(path.child('format'), col.format, `must be one of ${columnFormats.join(',')}`));
  if (!col.jsonPath) errs.push(fieldErrors.required(path.child('JSONPath'), ''));
  else errs.push(...validateSimpleJSONPath(col.jsonPath, path.child('JSONPath')));
  return errs;
}

/** ValidateCustomResourceDefinitionSubresources. */
function validateSubresources(sub: CustomResourceSubresources | undefined, path: FieldPath): FieldError[] {
  const scale = sub?.scale;
  if (!scale) return [];
  const errs: FieldError[] = [];
  const check = (value: string | undefined, at: string, prefixes: string[], msg: string) => {
    const p = path.child(at);
    const simple = validateSimpleJSONPath(value ?? '', p);
    if (simple.length > 0) errs.push(...simple);
    else if (!prefixes.some((x) => value!.startsWith(x))) errs.push(fieldErrors.invalid(p, value, msg));
  };
  if (!scale.specReplicasPath) errs.push(fieldErrors.required(path.child('scale.specReplicasPath'), ''));
  else check(scale.specReplicasPath, 'scale.specReplicasPath', ['.spec.'], 'should be a json path under .spec');
  if (!scale.statusReplicasPath) errs.push(fieldErrors.required(path.child('scale.statusReplicasPath'), ''));
  else check(scale.statusReplicasPath, 'scale.statusReplicasPath', ['.status.'], 'should be a json path under .status');
  if (scale.labelSelectorPath) check(scale.labelSelectorPath, 'scale.labelSelectorPath', ['.spec.', '.status.'], 'should be a json path under either .spec or .status');
  return errs;
}

/** ValidateCustomResourceSelectableFields. */
function validateSelectableFields(fields: readonly SelectableField[], schema: Schema, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const unique = new Set<string>();
  fields.forEach((f, i) => {
    const at = path.index(i).child('jsonPath');
    if (!f.jsonPath) {
      errs.push(fieldErrors.required(at, ''));
      return;
    }
    let found: { path: string; root: string | undefined; schema: Schema | undefined };
    try {
      found = validFieldPath(f.jsonPath, schema, false);
    } catch (err) {
      errs.push(fieldErrors.invalid(at, f.jsonPath, `is an invalid path: ${(err as Error).message}`));
      return;
    }
    if (found.root === 'metadata') errs.push(fieldErrors.invalid(at, f.jsonPath, 'must not point to fields in metadata'));
    if (!['string', 'boolean', 'integer'].includes(found.schema?.type ?? '')) {
      errs.push(fieldErrors.invalid(at, f.jsonPath, 'must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.'));
    }
    if (unique.has(found.path)) errs.push(fieldErrors.duplicate(at, f.jsonPath));
    else unique.add(found.path);
  });
  if (unique.size > maxSelectableFields) errs.push(fieldErrors.tooMany(path, unique.size, maxSelectableFields));
  return errs;
}

/** The selectable fields of a version (or the spec) at `path`, against its schema. */
function selectableFieldsOf(fields: readonly SelectableField[], schema: Schema, path: FieldPath): FieldError[] {
  const init = structuralError(schema);
  // Upstream goes on with no schema after this error (and fails); we stop.
  if (init !== undefined) return [fieldErrors.invalid(path.child('schema.openAPIV3Schema'), '', init)];
  return validateSelectableFields(fields, schema, path.child('selectableFields'));
}

/** validateDeprecationWarning. */
function deprecationWarningErrors(deprecated: boolean, warning: string | undefined): string[] {
  if (!deprecated && warning !== undefined) return ['can only be set for deprecated versions'];
  if (warning === undefined) return [];
  const errs: string[] = [];
  if (Buffer.byteLength(warning, 'utf8') > 256) errs.push('must be <= 256 characters long');
  if (warning.length === 0) errs.push('must not be an empty string');
  // unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space; the
  // index is a byte offset, as Go ranges over a string.
  let index = 0;
  for (const ch of warning) {
    if (!/^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u.test(ch)) {
      errs.push(`must only contain printable UTF-8 characters; non-printable character found at index ${index}`);
      break;
    }
    index += Buffer.byteLength(ch, 'utf8');
  }
  return errs;
}

/** webhook.ValidateWebhookURL with https forced. */
function validateWebhookURL(path: FieldPath, url: string): FieldError[] {
  const form = '; desired format: https://host[/path]';
  let u;
  try {
    u = goParseUrl(url);
  } catch (err) {
    return [fieldErrors.required(path, `url must be a valid URL: ${(err as Error).message}${form}`)];
  }
  const errs: FieldError[] = [];
  if (u.scheme !== 'https') errs.push(fieldErrors.invalid(path, u.scheme, `'https' is the only allowed URL scheme${form}`));
  if (u.host.length === 0) errs.push(fieldErrors.invalid(path, u.host, `host must be specified${form}`));
  if (u.user !== undefined) errs.push(fieldErrors.invalid(path, u.user, 'user information is not permitted in the URL'));
  if (u.fragment.length > 0) errs.push(fieldErrors.invalid(path, u.fragment, 'fragments are not permitted in the URL'));
  if (u.rawQuery.length > 0) errs.push(fieldErrors.invalid(path, u.rawQuery, 'query parameters are not permitted in the URL'));
  return errs;
}

/** webhook.ValidateWebhookService. */
function validateWebhookService(path: FieldPath, namespace: string, name: string, urlPath: string | undefined, port: number): FieldError[] {
  const errs: FieldError[] = [];
  if (name.length === 0) errs.push(fieldErrors.required(path.child('name'), 'service name is required'));
  if (namespace.length === 0) errs.push(fieldErrors.required(path.child('namespace'), 'service namespace is required'));
  const portErrs = isValidPortNum(port);
  if (portErrs.length > 0) errs.push(fieldErrors.invalid(path.child('port'), port, `port is not valid: ${portErrs.join(', ')}`));
  if (urlPath === undefined || urlPath === '/' || urlPath.length === 0) return errs;
  const at = path.child('path');
  if (urlPath === '//') return [...errs, fieldErrors.invalid(at, urlPath, 'segment[0] may not be empty')];
  if (!urlPath.startsWith('/')) errs.push(fieldErrors.invalid(at, urlPath, "must start with a '/'"));
  let check = urlPath.slice(1);
  if (check.endsWith('/')) check = check.slice(0, -1);
  check.split('/').forEach((step, i) => {
    if (step.length === 0) {
      errs.push(fieldErrors.invalid(at, urlPath, `segment[${i}] may not be empty`));
      return;
    }
    for (const failure of isDNS1123Subdomain(step)) errs.push(fieldErrors.invalid(at, urlPath, `segment[${i}]: ${failure}`));
  });
  return errs;
}

function validateConversionReviewVersions(versions: readonly string[] | undefined, requireRecognized: boolean, path: FieldPath): FieldError[] {
  if (!versions || versions.length < 1) return [fieldErrors.required(path, '')];
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  let accepted = false;
  versions.forEach((v, i) => {
    if (seen.has(v)) {
      errs.push(fieldErrors.invalid(path.index(i), v, 'duplicate version'));
      return;
    }
    seen.add(v);
    for (const msg of isDNS1035Label(v)) errs.push(fieldErrors.invalid(path.index(i), v, msg));
    if (acceptedConversionReviewVersions.includes(v)) accepted = true;
  });
  if (requireRecognized && !accepted) {
    errs.push(invalidGo(path, goStrings(versions), `must include at least one of ${acceptedConversionReviewVersions.join(', ')}`));
  }
  return errs;
}

/** Go's %#v of a []byte. */
const goBytes = (b: Buffer) => `[]byte{${[...b].map((x) => `0x${x.toString(16)}`).join(', ')}}`;

/**
 * client-go's rootCertPool as webhook.ValidateCABundle runs it: why PEM data cannot be a CA bundle
 * (x509.CertPool.AppendCertsFromPEM found no certificate, then createErrorParsingCAData's reason),
 * or undefined when it can.
 */
export function caBundleError(data: Buffer): string | undefined {
  if (data.length === 0) return undefined;
  const isCert = (b: PemBlock) => b.type === 'CERTIFICATE' && Object.keys(b.headers).length === 0;
  const parses = (b: PemBlock) => {
    try {
      new X509Certificate(b.bytes);
      return true;
    } catch {
      return false;
    }
  };
  for (let rest = data, b = decodePem(rest); b; rest = b.rest, b = decodePem(rest)) if (isCert(b) && parses(b)) return undefined;
  for (let rest = data; rest.length > 0; ) {
    const b = decodePem(rest);
    if (!b) return 'unable to parse bytes as PEM block';
    rest = b.rest;
    if (isCert(b) && !parses(b)) return 'failed to parse certificate: x509: malformed certificate';
  }
  return 'no valid certificate authority data seen';
}

/** webhook.ValidateCABundle (the bundle is base64 in the API object). */
function validateCABundle(path: FieldPath, caBundle: string): FieldError[] {
  const data = Buffer.from(caBundle, 'base64');
  const err = caBundleError(data);
  return err === undefined ? [] : [invalidGo(path, goBytes(data), `unable to load root certificates: ${err}`)];
}

/** validateCustomResourceConversion. */
function validateConversion(conversion: InternalConversion | undefined, requireRecognized: boolean, allowInvalidCABundle: boolean, path: FieldPath): FieldError[] {
  if (!conversion) return [];
  const errs = validateEnum(path.child('strategy'), conversion.strategy, ['None', 'Webhook']);
  const cc = conversion.webhookClientConfig;
  if (conversion.strategy === 'Webhook') {
    if (!cc) errs.push(fieldErrors.required(path.child('webhookClientConfig'), 'required when strategy is set to Webhook'));
    else if ((cc.url === undefined) === (cc.service === undefined)) errs.push(fieldErrors.required(path.child('webhookClientConfig'), 'exactly one of url or service is required'));
    else if (cc.url !== undefined) errs.push(...validateWebhookURL(path.child('webhookClientConfig').child('url'), cc.url));
    else if (cc.service) {
      const s = cc.service;
      errs.push(...validateWebhookService(path.child('webhookClientConfig').child('service'), s.namespace ?? '', s.name ?? '', s.path, s.port ?? 0));
    }
    if (cc?.caBundle && !allowInvalidCABundle) errs.push(...validateCABundle(path.child('webhookClientConfig').child('caBundle'), cc.caBundle));
    errs.push(...validateConversionReviewVersions(conversion.conversionReviewVersions, requireRecognized, path.child('conversionReviewVersions')));
  } else {
    if (cc) errs.push(fieldErrors.forbidden(path.child('webhookClientConfig'), 'should not be set when strategy is not set to Webhook'));
    if ((conversion.conversionReviewVersions ?? []).length > 0) {
      errs.push(fieldErrors.forbidden(path.child('conversionReviewVersions'), 'should not be set when strategy is not set to Webhook'));
    }
  }
  return errs;
}

const hasStatus = (sub: CustomResourceSubresources | undefined) => sub?.status !== undefined;

/** validateCustomResourceDefinitionSpec. */
function validateSpec(spec: InternalSpec, optsIn: Options, path: FieldPath): FieldError[] {
  const opts = { ...optsIn };
  const errs: FieldError[] = [];
  if (spec.group.length === 0) errs.push(fieldErrors.required(path.child('group'), ''));
  else {
    const msgs = isDNS1123Subdomain(spec.group);
    if (msgs.length > 0) errs.push(fieldErrors.invalid(path.child('group'), spec.group, join(msgs)));
    else if (spec.group.split('.').length < 2) errs.push(fieldErrors.invalid(path.child('group'), spec.group, 'should be a domain with at least one dot'));
  }
  errs.push(...validateEnum(path.child('scope'), spec.scope, ['Cluster', 'Namespaced']));
  if (!spec.preserveUnknownFields) opts.requireStructuralSchema = true;
  const versionsPath = path.child('versions');
  if (opts.requireOpenAPISchema) {
    if (!spec.validation?.openAPIV3Schema) {
      spec.versions.forEach((v, i) => {
        if (!v.schema?.openAPIV3Schema) errs.push(fieldErrors.required(versionsPath.index(i).child('schema').child('openAPIV3Schema'), 'schemas are required'));
      });
    }
  } else if (!spec.preserveUnknownFields && !spec.validation?.openAPIV3Schema) {
    spec.versions.forEach((v, i) => {
      if (v.served && !v.schema?.openAPIV3Schema) errs.push(fieldErrors.required(versionsPath.index(i).child('schema', 'openAPIV3Schema'), 'because otherwise all fields are pruned'));
    });
  }
  if (opts.allowDefaults && specHas(spec, (s) => s.default !== undefined && s.default !== null)) {
    opts.requireStructuralSchema = true;
    if (spec.preserveUnknownFields) errs.push(fieldErrors.invalid(path.child('preserveUnknownFields'), true, 'must be false in order to use defaults in the schema'));
  }
  if (specHas(spec, hasKubernetesExtensions)) opts.requireStructuralSchema = true;

  let storageCount = 0;
  const names = new Set<string>();
  let unique = true;
  const perVersionSubresources = spec.versions.some((v) => v.subresources !== undefined);
  spec.versions.forEach((v, i) => {
    const at = versionsPath.index(i);
    if (v.storage) storageCount++;
    if (names.has(v.name)) unique = false;
    names.add(v.name);
    const msgs = isDNS1035Label(v.name);
    if (msgs.length > 0) errs.push(fieldErrors.invalid(at.child('name'), v.name, join(msgs)));
    const subresources = perVersionSubresources ? v.subresources : spec.subresources;
    for (const msg of deprecationWarningErrors(v.deprecated, v.deprecationWarning)) {
      errs.push(fieldErrors.invalid(at.child('deprecationWarning'), v.deprecationWarning ?? null, msg));
    }
    errs.push(...validateCustomResourceValidation(v.schema, hasStatus(subresources), opts, at.child('schema')));
    errs.push(...validateSubresources(v.subresources, at.child('subresources')));
    (v.additionalPrinterColumns ?? []).forEach((c, j) => errs.push(...validateColumn(c, at.child('additionalPrinterColumns').index(j))));
    if ((v.selectableFields ?? []).length > 0) {
      const schema = v.schema?.openAPIV3Schema;
      if (!schema) errs.push(fieldErrors.invalid(at.child('selectableFields'), '', 'selectableFields may only be set when version.schema.openAPIV3Schema is not included'));
      else errs.push(...selectableFieldsOf(v.selectableFields!, schema, at));
    }
  });
  // The v1 → internal conversion leaves identical per-version fields at the top level, so the
  // mutual-exclusion checks of mixed forms cannot fail here; the identical-values checks neither.
  if (!unique) errs.push(invalidGo(versionsPath, goVersions(spec.versions, spec.versionsNil), 'must contain unique version names'));
  if (storageCount !== 1) errs.push(invalidGo(versionsPath, goVersions(spec.versions, spec.versionsNil), 'must have exactly one version marked as storage version'));
  if (spec.version.length !== 0) {
    const msgs = isDNS1035Label(spec.version);
    if (msgs.length > 0) errs.push(fieldErrors.invalid(path.child('version'), spec.version, join(msgs)));
    if (spec.versions.length >= 1 && spec.versions[0]!.name !== spec.version) {
      errs.push(fieldErrors.invalid(path.child('version'), spec.version, 'must match the first version in spec.versions'));
    }
  }
  if (!spec.names.plural) errs.push(fieldErrors.required(path.child('names', 'plural'), ''));
  if (!spec.names.singular) errs.push(fieldErrors.required(path.child('names', 'singular'), ''));
  if (!spec.names.kind) errs.push(fieldErrors.required(path.child('names', 'kind'), ''));
  if (!spec.names.listKind) errs.push(fieldErrors.required(path.child('names', 'listKind'), ''));
  errs.push(...validateNames(spec.names, path.child('names')));
  const anyStatus = hasStatus(spec.subresources) || spec.versions.some((v) => hasStatus(v.subresources));
  errs.push(...validateCustomResourceValidation(spec.validation, anyStatus, opts, path.child('validation')));
  errs.push(...validateSubresources(spec.subresources, path.child('subresources')));
  (spec.additionalPrinterColumns ?? []).forEach((c, j) => errs.push(...validateColumn(c, path.child('additionalPrinterColumns').index(j))));
  if ((spec.selectableFields ?? []).length > 0) {
    const schema = spec.validation?.openAPIV3Schema;
    if (!spec.validation) errs.push(fieldErrors.invalid(path.child('selectableFields'), '', 'selectableFields may only be set when validations.schema is included'));
    else if (schema) errs.push(...selectableFieldsOf(spec.selectableFields!, schema, path));
  }
  if (spec.conversion && spec.conversion.strategy !== 'None' && spec.preserveUnknownFields) {
    errs.push(fieldErrors.invalid(path.child('conversion').child('strategy'), spec.conversion.strategy, 'must be None if spec.preserveUnknownFields is true'));
  }
  errs.push(...validateConversion(spec.conversion, opts.requireRecognizedConversionReviewVersion, opts.allowInvalidCABundle, path.child('conversion')));
  return errs;
}

function hasKubernetesExtensions(s: Schema): boolean {
  return (
    s['x-kubernetes-embedded-resource'] === true ||
    s['x-kubernetes-preserve-unknown-fields'] !== undefined ||
    s['x-kubernetes-int-or-string'] === true ||
    (s['x-kubernetes-list-map-keys'] ?? []).length > 0 ||
    s['x-kubernetes-list-type'] !== undefined ||
    (s['x-kubernetes-validations'] ?? []).length > 0
  );
}

/** ValidateCustomResourceDefinitionStatus. */
function validateStatus(status: CustomResourceDefinitionStatus | undefined, path: FieldPath): FieldError[] {
  return validateNames(status?.acceptedNames ?? {}, path.child('acceptedNames'));
}

/** ValidateCustomResourceDefinitionStoredVersions. */
export function validateStoredVersions(stored: readonly string[] | undefined, versions: readonly { name: string; storage: boolean }[], path: FieldPath): FieldError[] {
  if (!stored || stored.length === 0) return [invalidGo(path, goStrings(stored), 'must have at least one stored version')];
  const errs: FieldError[] = [];
  const left = new Map<string, number>();
  stored.forEach((v, i) => left.set(v, i));
  for (const v of versions) {
    const has = left.has(v.name);
    if (v.storage && !has) errs.push(invalidGo(path, goStrings(stored), `must have the storage version ${v.name}`));
    if (has) left.delete(v.name);
  }
  // Go ranges over a map here (any order); we report in list order.
  for (const [v, i] of [...left.entries()].sort((a, b) => a[1] - b[1])) {
    errs.push(
      fieldErrors.invalid(
        path.index(i),
        v,
        `missing from spec.versions; ${v} was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in ${v} and removes ${v} from status.storedVersions`,
      ),
    );
  }
  return errs;
}

/** IsProtectedCommunityGroup: k8s.io, kubernetes.io and their subdomains. */
export function isProtectedCommunityGroup(group: string): boolean {
  return group === 'k8s.io' || group.endsWith('.k8s.io') || group === 'kubernetes.io' || group.endsWith('.kubernetes.io');
}

type ApprovalState = 'invalid' | 'approved' | 'bypassed' | 'missing';

/** GetAPIApprovalState. */
function approvalState(annotations: Readonly<Record<string, string>> | undefined): { state: ApprovalState; reason: string } {
  const annotation = annotations?.[kubeAPIApprovedAnnotation] ?? '';
  const q = JSON.stringify(kubeAPIApprovedAnnotation);
  if (annotation.length === 0) return { state: 'missing', reason: `protected groups must have approval annotation ${q}, see https://github.com/kubernetes/enhancements/pull/1111` };
  if (annotation.startsWith('unapproved')) return { state: 'bypassed', reason: `not approved: ${JSON.stringify(annotation)}` };
  try {
    const u = goParseRequestUri(annotation);
    if (u.host.length > 0 && u.scheme.length > 0) return { state: 'approved', reason: `approved in ${annotation}` };
  } catch {
    // Not a URL: invalid below.
  }
  return {
    state: 'invalid',
    reason: `protected groups must have approval annotation ${q} with either a URL or a reason starting with "unapproved", see https://github.com/kubernetes/enhancements/pull/1111`,
  };
}

/** validateAPIApproval. */
function validateAPIApproval(crd: CustomResourceDefinition, old: CustomResourceDefinition | undefined): FieldError[] {
  if (!isProtectedCommunityGroup(crd.spec?.group ?? '')) return [];
  const next = approvalState(crd.metadata?.annotations);
  if (old && approvalState(old.metadata?.annotations).state === next.state) return [];
  const at = FieldPath.of('metadata', 'annotations').key(kubeAPIApprovedAnnotation);
  switch (next.state) {
    case 'missing':
      return [fieldErrors.required(at, next.reason)];
    case 'approved':
    case 'bypassed':
      return [];
    default:
      return [fieldErrors.invalid(at, crd.metadata?.annotations?.[kubeAPIApprovedAnnotation] ?? '', next.reason)];
  }
}

/** validatePreserveUnknownFields: true is only kept by CRDs that already had it. */
function validatePreserveUnknownFields(crd: CustomResourceDefinition, old: CustomResourceDefinition | undefined): FieldError[] {
  if (old?.spec?.preserveUnknownFields) return [];
  if (!crd.spec?.preserveUnknownFields) return [];
  return [fieldErrors.invalid(FieldPath.of('spec').child('preserveUnknownFields'), true, 'cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead')];
}

function nameValidatorFor(crd: CustomResourceDefinition): NameValidator {
  const required = `${crd.spec?.names?.plural ?? ''}.${crd.spec?.group ?? ''}`;
  return (name, prefix) => {
    const errs = nameIsDNSSubdomain(name, prefix);
    if (name !== required) errs.push('must be spec.names.plural+"."+spec.group');
    return errs;
  };
}

const createOptions: Options = {
  allowDefaults: true,
  requireRecognizedConversionReviewVersion: true,
  // The CRD is not established yet.
  allowInvalidCABundle: true,
  requireImmutableNames: false,
  requireOpenAPISchema: true,
  requireValidPropertyType: true,
  requireStructuralSchema: true,
  requireAtomicSetType: true,
  requireMapListKeysMapSetValidation: true,
};

function validateCommon(crd: CustomResourceDefinition, spec: InternalSpec, opts: Options, old: CustomResourceDefinition | undefined): FieldError[] {
  return [
    ...validateSpec(spec, opts, FieldPath.of('spec')),
    ...validateStatus(crd.status, FieldPath.of('status')),
    ...validateStoredVersions(crd.status?.storedVersions, spec.versions, FieldPath.of('status').child('storedVersions')),
    ...validateAPIApproval(crd, old),
    ...validatePreserveUnknownFields(crd, old),
  ];
}

/** ValidateCustomResourceDefinition: the field errors of a new CustomResourceDefinition. */
export function validateCustomResourceDefinition(crd: CustomResourceDefinition): FieldError[] {
  const spec = internalSpecOf(crd.spec ?? {});
  return [...validateObjectMeta(crd.metadata ?? {}, { namespaced: false, nameValidator: nameValidatorFor(crd) }), ...validateCommon(crd, spec, createOptions, undefined)];
}

// --- Update ------------------------------------------------------------------------------------

function isEstablished(crd: CustomResourceDefinition): boolean {
  return (crd.status?.conditions ?? []).some((c) => c.type === 'Established' && c.status === 'True');
}

function setTypeNotAtomic(s: Schema): boolean {
  const item = s['x-kubernetes-list-type'] === 'set' && typeof s.items === 'object' && s.items !== null && !Array.isArray(s.items) ? s.items : undefined;
  if (!item) return false;
  if (item.type === 'array') return item['x-kubernetes-list-type'] !== undefined && item['x-kubernetes-list-type'] !== 'atomic';
  if (item.type === 'object') return item['x-kubernetes-map-type'] !== 'atomic';
  return false;
}

function invalidMapListKeys(s: Schema): boolean {
  const item = typeof s.items === 'object' && s.items !== null && !Array.isArray(s.items) ? s.items : undefined;
  const listType = s['x-kubernetes-list-type'];
  if (!item || (listType !== 'set' && listType !== 'map')) return false;
  if (item.nullable) return true;
  if (listType !== 'map') return false;
  const required = new Set(item.required ?? []);
  return (s['x-kubernetes-list-map-keys'] ?? []).some((k) => {
    const p = item.properties && Object.hasOwn(item.properties, k) ? item.properties[k] : undefined;
    return p !== undefined && ((!required.has(k) && (p.default === undefined || p.default === null)) || p.nullable === true);
  });
}

const openapiV3Types = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);

/** The validation switches of an update, relaxed where the stored object already breaks a rule. */
function updateOptions(old: CustomResourceDefinition, oldSpec: InternalSpec): Options {
  const allSchemas = oldSpec.validation?.openAPIV3Schema !== undefined || oldSpec.versions.every((v) => v.schema?.openAPIV3Schema !== undefined);
  const conversion = oldSpec.conversion;
  const oldVersions = conversion?.conversionReviewVersions ?? [];
  const oldCABundle = conversion?.webhookClientConfig?.caBundle;
  return {
    allowDefaults: true,
    requireRecognizedConversionReviewVersion: !conversion || oldVersions.length === 0 || oldVersions.some((v) => acceptedConversionReviewVersions.includes(v)),
    // kube's allowInvalidCABundle: before the CRD is established, or when the stored bundle is invalid already.
    allowInvalidCABundle: !isEstablished(old) || (!!oldCABundle && caBundleError(Buffer.from(oldCABundle, 'base64')) !== undefined),
    requireImmutableNames: isEstablished(old),
    requireOpenAPISchema: allSchemas,
    requireValidPropertyType: !specHas(oldSpec, (s) => (s.type ?? '') !== '' && !openapiV3Types.has(s.type!)),
    requireStructuralSchema: !schemasOf(oldSpec).some((s) => !isStructural(s)),
    requireAtomicSetType: !specHas(oldSpec, setTypeNotAtomic),
    requireMapListKeysMapSetValidation: !specHas(oldSpec, invalidMapListKeys),
  };
}

/** ValidateImmutableField for strings. */
function immutable(next: string, old: string, path: FieldPath): FieldError[] {
  return next === old ? [] : [fieldErrors.invalid(path, next, fieldImmutableErrorMsg)];
}

/** ValidateCustomResourceDefinitionUpdate: the field errors of an update against the stored object. */
export function validateCustomResourceDefinitionUpdate(crd: CustomResourceDefinition, old: CustomResourceDefinition): FieldError[] {
  const spec = internalSpecOf(crd.spec ?? {});
  const oldSpec = internalSpecOf(old.spec ?? {});
  const opts = updateOptions(old, oldSpec);
  const path = FieldPath.of('spec');
  const specErrs = validateSpec(spec, opts, path);
  if (opts.requireImmutableNames) {
    specErrs.push(...immutable(spec.scope, oldSpec.scope, path.child('scope')));
    specErrs.push(...immutable(spec.names.kind ?? '', oldSpec.names.kind ?? '', path.child('names', 'kind')));
  }
  specErrs.push(...immutable(spec.group, oldSpec.group, path.child('group')));
  specErrs.push(...immutable(spec.names.plural ?? '', oldSpec.names.plural ?? '', path.child('names', 'plural')));
  return [
    ...validateObjectMetaUpdate(crd.metadata ?? {}, old.metadata ?? {}),
    ...specErrs,
    ...validateStatus(crd.status, FieldPath.of('status')),
    ...validateStoredVersions(crd.status?.storedVersions, spec.versions, FieldPath.of('status').child('storedVersions')),
    ...validateAPIApproval(crd, old),
    ...validatePreserveUnknownFields(crd, old),
  ];
}

/** ValidateUpdateCustomResourceDefinitionStatus: a /status update. */
export function validateCustomResourceDefinitionStatusUpdate(crd: CustomResourceDefinition, old: CustomResourceDefinition): FieldError[] {
  return [...validateObjectMetaUpdate(crd.metadata ?? {}, old.metadata ?? {}), ...validateStatus(crd.status, FieldPath.of('status'))];
}
