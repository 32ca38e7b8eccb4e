// Behaviour of k8s.io/kubernetes pkg/apis/core/helper/helpers.go and the resource-name and quantity
// rules of pkg/apis/core/validation/validation.go (v1.33): which resource names are standard, which
// count in integers, validateResourceName and its quota / limit range / container variants, and
// ValidateResourceQuantityValue.
import { fieldErrors, isQualifiedName, type FieldError, type FieldPath } from '@kapi/apimachinery';
import { formatQuantity, goQuantity, parseQuantity, quantityMilliValue, signOf } from './quantity.ts';
import { invalidGo } from './validation-helpers.ts';

const hugePagesPrefix = 'hugepages-';
const requestsHugePagesPrefix = 'requests.hugepages-';

const isHugePage = (name: string) => name.startsWith(hugePagesPrefix);
const isQuotaHugePage = (name: string) => name.startsWith(hugePagesPrefix) || name.startsWith(requestsHugePagesPrefix);

const quotaScopes = ['Terminating', 'NotTerminating', 'BestEffort', 'NotBestEffort', 'PriorityClass', 'CrossNamespacePodAffinity'];

const standardContainerResources = new Set(['cpu', 'memory', 'ephemeral-storage']);
const standardLimitRangeTypes = new Set(['Pod', 'Container', 'PersistentVolumeClaim']);
const objectCounts = ['pods', 'resourcequotas', 'services', 'replicationcontrollers', 'secrets', 'configmaps', 'persistentvolumeclaims', 'services.nodeports', 'services.loadbalancers'];
const standardQuotaResources = new Set([
  'cpu',
  'memory',
  'ephemeral-storage',
  'requests.cpu',
  'requests.memory',
  'requests.storage',
  'requests.ephemeral-storage',
  'limits.cpu',
  'limits.memory',
  'limits.ephemeral-storage',
  ...objectCounts,
]);
const standardResources = new Set([
  'cpu',
  'memory',
  'ephemeral-storage',
  'requests.cpu',
  'requests.memory',
  'requests.ephemeral-storage',
  'limits.cpu',
  'limits.memory',
  'limits.ephemeral-storage',
  'storage',
  'requests.storage',
  ...objectCounts,
]);
const integerResources = new Set(objectCounts);
const podObjectCount = new Set(['pods']);
const podCompute = new Set(['cpu', 'memory', 'limits.cpu', 'limits.memory', 'requests.cpu', 'requests.memory']);

/** IsStandardResourceQuotaScope. */
export function isStandardResourceQuotaScope(scope: string): boolean {
  return quotaScopes.includes(scope);
}

/** IsResourceQuotaScopeValidForResource. */
export function isResourceQuotaScopeValidForResource(scope: string, resource: string): boolean {
  switch (scope) {
    case 'Terminating':
    case 'NotTerminating':
    case 'NotBestEffort':
      return podObjectCount.has(resource) || podCompute.has(resource);
    case 'BestEffort':
      return podObjectCount.has(resource);
    default:
      return true;
  }
}

/** IsNativeResource: unprefixed, or in the kubernetes.io/ namespace. */
export function isNativeResource(name: string): boolean {
  return !name.includes('/') || name.includes('kubernetes.io/');
}

/** IsExtendedResourceName. */
export function isExtendedResourceName(name: string): boolean {
  if (isNativeResource(name) || name.startsWith('requests.')) return false;
  return isQualifiedName(`requests.${name}`).length === 0;
}

/** IsOvercommitAllowed: native and not huge pages. */
export function isOvercommitAllowed(name: string): boolean {
  return isNativeResource(name) && !isHugePage(name);
}

/** IsStandardQuotaResourceName. */
export function isStandardQuotaResourceName(name: string): boolean {
  return standardQuotaResources.has(name) || isQuotaHugePage(name);
}

/** IsIntegerResourceName. */
export function isIntegerResourceName(name: string): boolean {
  return integerResources.has(name) || isExtendedResourceName(name);
}

/** validateResourceName. */
export function validateResourceName(name: string, path: FieldPath): FieldError[] {
  const errs = isQualifiedName(name).map((m) => fieldErrors.invalid(path, name, m));
  if (errs.length > 0) return errs;
  if (!name.includes('/') && !(standardResources.has(name) || isQuotaHugePage(name))) {
    return [fieldErrors.invalid(path, name, 'must be a standard resource type or fully qualified')];
  }
  return [];
}

/** validateContainerResourceName. */
export function validateContainerResourceName(name: string, path: FieldPath): FieldError[] {
  const errs = validateResourceName(name, path);
  if (!name.includes('/')) {
    if (!(standardContainerResources.has(name) || isHugePage(name))) return [...errs, fieldErrors.invalid(path, name, 'must be a standard resource for containers')];
  } else if (!isNativeResource(name) && !isExtendedResourceName(name)) {
    return [...errs, fieldErrors.invalid(path, name, "doesn't follow extended resource name standard")];
  }
  return errs;
}

/** ValidateResourceQuotaResourceName. */
export function validateResourceQuotaResourceName(name: string, path: FieldPath): FieldError[] {
  const errs = validateResourceName(name, path);
  if (!name.includes('/') && !isStandardQuotaResourceName(name)) return [...errs, fieldErrors.invalid(path, name, 'must be a standard resource for quota')];
  return errs;
}

/** validateLimitRangeTypeName. */
export function validateLimitRangeTypeName(type: string, path: FieldPath): FieldError[] {
  const errs = isQualifiedName(type).map((m) => fieldErrors.invalid(path, type, m));
  if (errs.length > 0) return errs;
  if (!type.includes('/') && !standardLimitRangeTypes.has(type)) return [fieldErrors.invalid(path, type, 'must be a standard limit type or fully qualified')];
  return [];
}

/** validateLimitRangeResourceName: container rules for Pod and Container limits, the general ones otherwise. */
export function validateLimitRangeResourceName(type: string, name: string, path: FieldPath): FieldError[] {
  return type === 'Pod' || type === 'Container' ? validateContainerResourceName(name, path) : validateResourceName(name, path);
}

/** ValidateResourceQuantityValue: not negative; whole for integer resources. */
export function validateResourceQuantityValue(resource: string, value: unknown, path: FieldPath): FieldError[] {
  const q = parseQuantity(value);
  if (q === undefined) return [fieldErrors.invalid(path, value, 'must be a valid resource quantity')];
  const errs: FieldError[] = [];
  if (signOf(q) < 0) errs.push(fieldErrors.invalid(path, formatQuantity(q), 'must be greater than or equal to 0'));
  if (isIntegerResourceName(resource) && quantityMilliValue(q) % 1000n !== 0n) errs.push(invalidGo(path, goQuantity(q), 'must be an integer'));
  return errs;
}

/** ValidatePositiveQuantityValue. */
export function validatePositiveQuantityValue(value: unknown, path: FieldPath): FieldError[] {
  const q = parseQuantity(value);
  if (q === undefined) return [fieldErrors.invalid(path, value, 'must be a valid resource quantity')];
  return signOf(q) <= 0 ? [fieldErrors.invalid(path, formatQuantity(q), 'must be greater than zero')] : [];
}
