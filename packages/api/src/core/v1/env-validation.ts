// Behaviour of k8s.io/kubernetes pkg/apis/core/validation/validation.go (v1.33): ValidateEnv,
// ValidateEnvFrom and the downward API field selectors env vars and volumes use.
import { FieldPath, fieldErrors, isConfigMapKey, nameIsDNSSubdomain, type FieldError } from '@kapi/apimachinery';
import type { EnvFromSource, EnvVar, ObjectFieldSelector } from './env.ts';
import { invalidEach, isRelaxedEnvVarName, notSupported, validateQualifiedName } from './validation-helpers.ts';

// pkg/apis/core/pods ConvertDownwardAPIFieldLabel for v1: the field paths a pod exposes.
const downwardAPIFieldLabels = new Set([
  'metadata.annotations',
  'metadata.labels',
  'metadata.name',
  'metadata.namespace',
  'metadata.uid',
  'spec.nodeName',
  'spec.restartPolicy',
  'spec.serviceAccountName',
  'spec.schedulerName',
  'status.phase',
  'status.hostIP',
  'status.hostIPs',
  'status.podIP',
  'status.podIPs',
]);

const envFieldPaths = [
  'metadata.name',
  'metadata.namespace',
  'metadata.uid',
  'spec.nodeName',
  'spec.serviceAccountName',
  'status.hostIP',
  'status.hostIPs',
  'status.podIP',
  'status.podIPs',
].sort();

/** validateObjectFieldSelector with the expressions env vars may use (volumes pass their own). */
export function validateObjectFieldSelector(fs: ObjectFieldSelector, expressions: readonly string[], path: FieldPath): FieldError[] {
  if (!fs.apiVersion) return [fieldErrors.required(path.child('apiVersion'), '')];
  if (!fs.fieldPath) return [fieldErrors.required(path.child('fieldPath'), '')];
  const fieldPath = fs.fieldPath;
  const sub = /^(metadata\.(?:annotations|labels))\['(.*)'\]$/.exec(fieldPath);
  const base = sub ? sub[1]! : fieldPath;
  let convertError: string | undefined;
  if (fs.apiVersion !== 'v1') convertError = `unsupported pod version: ${fs.apiVersion}`;
  else if (!sub && !downwardAPIFieldLabels.has(fieldPath)) convertError = `field label not supported: ${fieldPath}`;
  if (convertError !== undefined) return [fieldErrors.invalid(path.child('fieldPath'), fieldPath, `error converting fieldPath: ${convertError}`)];
  if (sub) {
    return base === 'metadata.annotations' ? validateQualifiedName(sub[2]!.toLowerCase(), path) : validateQualifiedName(sub[2]!, path);
  }
  if (!expressions.includes(base)) return [notSupported(path.child('fieldPath'), base, expressions)];
  return [];
}

function validateKeySelector(s: { name?: string | undefined; key?: string | undefined }, path: FieldPath): FieldError[] {
  const errs = invalidEach(path.child('name'), s.name ?? '', nameIsDNSSubdomain(s.name ?? '', false));
  if (!s.key) errs.push(fieldErrors.required(path.child('key'), ''));
  else errs.push(...invalidEach(path.child('key'), s.key, isConfigMapKey(s.key)));
  return errs;
}

function validateEnvVarValueFrom(ev: EnvVar, path: FieldPath): FieldError[] {
  const from = ev.valueFrom;
  if (!from) return [];
  const errs: FieldError[] = [];
  let sources = 0;
  if (from.fieldRef) {
    sources++;
    errs.push(...validateObjectFieldSelector(from.fieldRef, envFieldPaths, path.child('fieldRef')));
  }
  if (from.resourceFieldRef) {
    sources++;
    if (!from.resourceFieldRef.resource) errs.push(fieldErrors.required(path.child('resourceFieldRef', 'resource'), ''));
  }
  if (from.configMapKeyRef) {
    sources++;
    errs.push(...validateKeySelector(from.configMapKeyRef, path.child('configMapKeyRef')));
  }
  if (from.secretKeyRef) {
    sources++;
    errs.push(...validateKeySelector(from.secretKeyRef, path.child('secretKeyRef')));
  }
  if (sources === 0) errs.push(fieldErrors.invalid(path, '', 'must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`'));
  else if ((ev.value ?? '') !== '') errs.push(fieldErrors.invalid(path, '', 'may not be specified when `value` is not empty'));
  else if (sources > 1) errs.push(fieldErrors.invalid(path, '', 'may not have more than one field specified at a time'));
  return errs;
}

/** ValidateEnv (relaxed variable names, as v1.33's default gates have it). */
export function validateEnv(vars: readonly EnvVar[] | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  (vars ?? []).forEach((ev, i) => {
    const p = path.index(i);
    if (!ev.name) errs.push(fieldErrors.required(p.child('name'), ''));
    else errs.push(...invalidEach(p.child('name'), ev.name, isRelaxedEnvVarName(ev.name)));
    errs.push(...validateEnvVarValueFrom(ev, p.child('valueFrom')));
  });
  return errs;
}

function validateEnvSourceName(name: string | undefined, path: FieldPath): FieldError[] {
  if (!name) return [fieldErrors.required(path.child('name'), '')];
  return invalidEach(path.child('name'), name, nameIsDNSSubdomain(name, true));
}

/** ValidateEnvFrom */
export function validateEnvFrom(sources: readonly EnvFromSource[] | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  (sources ?? []).forEach((ev, i) => {
    const p = path.index(i);
    if (ev.prefix) errs.push(...invalidEach(p.child('prefix'), ev.prefix, isRelaxedEnvVarName(ev.prefix)));
    let n = 0;
    if (ev.configMapRef) {
      n++;
      errs.push(...validateEnvSourceName(ev.configMapRef.name, p.child('configMapRef')));
    }
    if (ev.secretRef) {
      n++;
      errs.push(...validateEnvSourceName(ev.secretRef.name, p.child('secretRef')));
    }
    // Upstream reports these two at the list's path, not the entry's.
    if (n === 0) errs.push(fieldErrors.invalid(path, '', 'must specify one of: `configMapRef` or `secretRef`'));
    else if (n > 1) errs.push(fieldErrors.invalid(path, '', 'may not have more than one field specified at a time'));
  });
  return errs;
}

