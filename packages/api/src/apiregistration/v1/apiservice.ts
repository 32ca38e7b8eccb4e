// Behaviour of k8s.io/kube-aggregator pkg/apis/apiregistration/v1 types.go, generated.proto and
// defaults.go, pkg/apis/apiregistration/validation/validation.go and helpers.go (v0.33): APIService.
import type { z } from 'zod';
import {
  FieldPath,
  ObjectMeta,
  field,
  fieldErrors,
  isDNS1035Label,
  isDNS1123Subdomain,
  isValidPathSegmentName,
  protoMessageOf,
  struct,
  types,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type FieldError,
} from '@kapi/apimachinery';
import { isValidPortNum } from '../../core/v1/validation-helpers.ts';
import { defineKind } from '../../kind.ts';
import { typeMetaField } from '../../meta-fields.ts';

export const apiregistrationGroupName = 'apiregistration.k8s.io';

function named(name: string, description: string, kind = false) {
  return {
    id: `io.k8s.kube-aggregator.pkg.apis.apiregistration.v1.${name}`,
    protoName: `k8s.io.kube_aggregator.pkg.apis.apiregistration.v1.${name}`,
    description,
    ...(kind ? { gvk: { group: apiregistrationGroupName, version: 'v1', kind: name } } : {}),
  };
}

export const APIServiceServiceReference = struct(named('ServiceReference', 'The Service an aggregated API server is reached through.'), {
  namespace: field(1, types.string(), { description: 'The namespace of the service.' }),
  name: field(2, types.string(), { description: 'The name of the service.' }),
  port: field(3, types.int32(), { description: 'The port of the service; defaults to 443.', pointer: true }),
});
export type APIServiceServiceReference = z.infer<typeof APIServiceServiceReference>;

export const APIServiceSpec = struct(named('APIServiceSpec', 'How to reach an API server for one group version, and its priority in discovery.'), {
  service: field(1, APIServiceServiceReference, { description: 'The service serving the API; none means this server handles it locally.', pointer: true }),
  group: field(2, types.string(), { description: 'The API group name this server hosts.' }),
  version: field(3, types.string(), { description: 'The API version this server hosts, e.g. "v1".' }),
  insecureSkipTLSVerify: field(4, types.bool(), { description: 'Skip TLS verification of the server; strongly discouraged, use caBundle.' }),
  caBundle: field(5, types.bytes(), { description: "PEM CA bundle to validate the API server's serving certificate.", listType: 'atomic' }),
  groupPriorityMinimum: field(7, types.int32(), {
    description: 'The minimum priority of the group (higher first in discovery); 1 to 20000, e.g. 18000 for the core group.',
    required: true,
    default: 0,
  }),
  versionPriority: field(8, types.int32(), { description: 'The order of this version inside its group (higher first); 1 to 1000.', required: true, default: 0 }),
});
export type APIServiceSpec = z.infer<typeof APIServiceSpec>;

export const APIServiceCondition = struct(named('APIServiceCondition', 'The state of an APIService at one point.'), {
  type: field(1, types.string(), { description: 'The condition type, e.g. Available.', required: true, default: '' }),
  status: field(2, types.string(), { description: 'True, False or Unknown.', required: true, default: '' }),
  lastTransitionTime: field(3, types.time(), { description: 'When the condition last changed status.' }),
  reason: field(4, types.string(), { description: 'Why the condition last changed, in one CamelCase word.' }),
  message: field(5, types.string(), { description: 'Why the condition last changed, for people.' }),
});
export type APIServiceCondition = z.infer<typeof APIServiceCondition>;

export const APIServiceStatus = struct(named('APIServiceStatus', 'The observed state of an APIService.'), {
  conditions: field(1, types.list(APIServiceCondition), {
    description: 'The current conditions of the APIService.',
    patchStrategy: 'merge',
    patchMergeKey: 'type',
    listType: 'map',
    listMapKeys: ['type'],
  }),
});
export type APIServiceStatus = z.infer<typeof APIServiceStatus>;

export const APIService = struct(named('APIService', 'A server for one API group version, local or reached through a Service.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, APIServiceSpec, { description: 'What the APIService serves and how to reach it.' }),
  status: field(3, APIServiceStatus, { description: 'The current status of the APIService.' }),
});
export type APIService = z.infer<typeof APIService>;

/** SetDefaults_ServiceReference: port 443. */
export function defaultAPIService(svc: APIService): void {
  const ref = svc.spec?.service;
  if (ref) ref.port ??= 443;
}

/** NewLocalAvailableAPIServiceCondition without its time: what a local APIService's status says. */
export const localAvailableCondition = { type: 'Available', status: 'True', reason: 'Local', message: 'Local APIServices are always available' } as const;

/** ValidateAPIService: a `version.group` name, a DNS group and version, priorities in range, a service or none. */
export function validateAPIService(svc: APIService): FieldError[] {
  const spec = svc.spec ?? {};
  const group = spec.group ?? '';
  const version = spec.version ?? '';
  const requiredName = `${version}.${group}`;
  const errs = validateObjectMeta(svc.metadata ?? {}, {
    namespaced: false,
    nameValidator: (name) => {
      const minimal = isValidPathSegmentName(name);
      if (minimal.length > 0) return minimal;
      return name === requiredName ? [] : [`must be \`spec.version+"."+spec.group\`: ${JSON.stringify(requiredName)}`];
    },
  });
  if (group === '' && version !== 'v1') errs.push(fieldErrors.required(FieldPath.of('spec', 'group'), 'only v1 may have an empty group and it better be legacy kube'));
  if (group !== '') for (const m of isDNS1123Subdomain(group)) errs.push(fieldErrors.invalid(FieldPath.of('spec', 'group'), group, m));
  for (const m of isDNS1035Label(version)) errs.push(fieldErrors.invalid(FieldPath.of('spec', 'version'), version, m));
  const gpm = spec.groupPriorityMinimum ?? 0;
  if (gpm <= 0 || gpm > 20000) errs.push(fieldErrors.invalid(FieldPath.of('spec', 'groupPriorityMinimum'), gpm, 'must be positive and less than 20000'));
  const vp = spec.versionPriority ?? 0;
  if (vp <= 0 || vp > 1000) errs.push(fieldErrors.invalid(FieldPath.of('spec', 'versionPriority'), vp, 'must be positive and less than 1000'));
  const caBytes = Buffer.from(spec.caBundle ?? '', 'base64').length;
  const insecure = spec.insecureSkipTLSVerify ?? false;
  if (spec.service === undefined) {
    if (caBytes !== 0) errs.push(fieldErrors.invalid(FieldPath.of('spec', 'caBundle'), `${caBytes} bytes`, 'local APIServices may not have a caBundle'));
    if (insecure) errs.push(fieldErrors.invalid(FieldPath.of('spec', 'insecureSkipTLSVerify'), insecure, 'local APIServices may not have insecureSkipTLSVerify'));
    return errs;
  }
  const ref = spec.service;
  if ((ref.namespace ?? '') === '') errs.push(fieldErrors.required(FieldPath.of('spec', 'service', 'namespace'), ''));
  if ((ref.name ?? '') === '') errs.push(fieldErrors.required(FieldPath.of('spec', 'service', 'name'), ''));
  const port = ref.port ?? 443;
  const portErrs = isValidPortNum(port);
  if (portErrs.length > 0) errs.push(fieldErrors.invalid(FieldPath.of('spec', 'service', 'port'), port, `port is not valid: ${portErrs.join(', ')}`));
  if (insecure && caBytes > 0) errs.push(fieldErrors.invalid(FieldPath.of('spec', 'insecureSkipTLSVerify'), insecure, 'may not be true if caBundle is present'));
  return errs;
}

/** ValidateAPIServiceUpdate: metadata update rules, then the create rules. */
export function validateAPIServiceUpdate(svc: APIService, old: APIService): FieldError[] {
  return [...validateObjectMetaUpdate(svc.metadata ?? {}, old.metadata ?? {}), ...validateAPIService(svc)];
}

/** ValidateAPIServiceStatusUpdate: metadata update rules and condition statuses. */
export function validateAPIServiceStatusUpdate(svc: APIService, old: APIService): FieldError[] {
  const errs = validateObjectMetaUpdate(svc.metadata ?? {}, old.metadata ?? {});
  (svc.status?.conditions ?? []).forEach((c, i) => {
    const status = c.status ?? '';
    if (status !== 'True' && status !== 'False' && status !== 'Unknown') {
      errs.push(fieldErrors.notSupported(FieldPath.of('status', 'conditions').index(i).child('status'), status, ['True', 'False', 'Unknown']));
    }
  });
  return errs;
}

export const apiServiceKind = defineKind<APIService>({
  group: apiregistrationGroupName,
  version: 'v1',
  kind: 'APIService',
  resource: 'apiservices',
  singular: 'apiservice',
  categories: ['api-extensions'],
  namespaced: false,
  schema: APIService,
  proto: protoMessageOf(APIService),
  description: 'A server for one API group version, local or reached through a Service.',
  defaults: (svc) => defaultAPIService(svc),
  validate: (svc) => validateAPIService(svc),
  validateUpdate: (svc, old) => validateAPIServiceUpdate(svc, old),
});
