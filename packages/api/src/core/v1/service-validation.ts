// Behaviour of k8s.io/kubernetes pkg/apis/core/validation/validation.go ValidateService and
// ValidateServiceUpdate (v1.33). Not ported yet: ValidateServiceClusterIPsRelatedFields (cluster IP
// and IP family consistency, dual-stack rules), the topology annotations, loadBalancerClass and
// the upgrade/downgrade rules of clusterIPs and ipFamilies on update.
import { FieldPath, fieldErrors, nameIsDNS1035Label, validateLabels, type FieldError } from '@kapi/apimachinery';
import type { Service, ServicePort } from './service.ts';
import { validatePortNumOrName } from './container-validation.ts';
import {
  duplicateGo,
  invalidEach,
  isValidPortNum,
  notSupported,
  validateCoreObjectMeta,
  validateCoreObjectMetaUpdate,
  validateDNS1123Label,
  validateDNS1123Subdomain,
  validateIP,
  validateQualifiedName,
} from './validation-helpers.ts';

const protocols = ['SCTP', 'TCP', 'UDP'];

/** The cluster IP is "None". */
export function isHeadlessService(svc: Service): boolean {
  return svc.spec?.clusterIP === 'None';
}

/** apiservice.ExternallyAccessible */
export function externallyAccessible(svc: Service): boolean {
  const type = svc.spec?.type;
  return type === 'LoadBalancer' || type === 'NodePort' || (type === 'ClusterIP' && (svc.spec?.externalIPs ?? []).length > 0);
}

/** apiservice.NeedsHealthCheck */
function needsHealthCheck(svc: Service): boolean {
  return svc.spec?.type === 'LoadBalancer' && svc.spec.externalTrafficPolicy === 'Local';
}

function validateServicePort(sp: ServicePort, requireName: boolean, names: Set<string>, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const name = sp.name ?? '';
  if (requireName && name === '') errs.push(fieldErrors.required(path.child('name'), ''));
  else if (name !== '') {
    errs.push(...validateDNS1123Label(name, path.child('name')));
    if (names.has(name)) errs.push(fieldErrors.duplicate(path.child('name'), name));
    else names.add(name);
  }
  errs.push(...invalidEach(path.child('port'), sp.port ?? 0, isValidPortNum(sp.port ?? 0)));
  const protocol = sp.protocol ?? '';
  if (protocol === '') errs.push(fieldErrors.required(path.child('protocol'), ''));
  else if (!protocols.includes(protocol)) errs.push(notSupported(path.child('protocol'), protocol, protocols));
  errs.push(...validatePortNumOrName(sp.targetPort, path.child('targetPort')));
  if (sp.appProtocol != null) errs.push(...validateQualifiedName(sp.appProtocol, path.child('appProtocol')));
  return errs;
}

/** Go's %#v of the ServicePort key kube uses to find duplicate ports. */
function goServicePortKey(protocol: string, port: number, nodePort: number): string {
  return `core.ServicePort{Name:"", Protocol:"${protocol}", AppProtocol:(*string)(nil), Port:${port}, TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:""}, NodePort:${nodePort}}`;
}

/** ValidateService */
export function validateService(svc: Service): FieldError[] {
  const errs = validateCoreObjectMeta(svc.metadata, true, nameIsDNS1035Label);
  const spec = svc.spec ?? {};
  const specPath = FieldPath.of('spec');
  const ports = spec.ports ?? [];
  const headless = isHeadlessService(svc);
  if (ports.length === 0 && !headless && spec.type !== 'ExternalName') errs.push(fieldErrors.required(specPath.child('ports'), ''));
  switch (spec.type) {
    case 'LoadBalancer':
    case 'NodePort':
      if (headless) {
        errs.push(fieldErrors.invalid(specPath.child('clusterIPs').index(0), spec.clusterIPs?.[0] ?? 'None', `may not be set to 'None' for ${spec.type} services`));
      }
      break;
    case 'ExternalName': {
      if ((spec.clusterIPs ?? []).length > 0) errs.push(fieldErrors.forbidden(specPath.child('clusterIPs'), 'may not be set for ExternalName services'));
      if ((spec.ipFamilies ?? []).length > 0) errs.push(fieldErrors.forbidden(specPath.child('ipFamilies'), 'may not be set for ExternalName services'));
      if (spec.ipFamilyPolicy != null) errs.push(fieldErrors.forbidden(specPath.child('ipFamilyPolicy'), 'may not be set for ExternalName services'));
      const cname = (spec.externalName ?? '').replace(/\.$/, '');
      if (cname.length > 0) errs.push(...validateDNS1123Subdomain(cname, specPath.child('externalName')));
      else errs.push(fieldErrors.required(specPath.child('externalName'), ''));
      break;
    }
  }
  const names = new Set<string>();
  ports.forEach((p, i) => errs.push(...validateServicePort(p, ports.length > 1, names, specPath.child('ports').index(i))));
  if (spec.selector != null) errs.push(...validateLabels(spec.selector, specPath.child('selector')));
  const affinity = spec.sessionAffinity ?? '';
  if (affinity === '') errs.push(fieldErrors.required(specPath.child('sessionAffinity'), ''));
  else if (affinity !== 'ClientIP' && affinity !== 'None') errs.push(notSupported(specPath.child('sessionAffinity'), affinity, ['ClientIP', 'None']));
  if (affinity === 'ClientIP') {
    const cfgPath = specPath.child('sessionAffinityConfig');
    const timeout = spec.sessionAffinityConfig?.clientIP?.timeoutSeconds;
    const when = 'when session affinity type is ClientIP';
    if (!spec.sessionAffinityConfig) errs.push(fieldErrors.required(cfgPath, when));
    else if (!spec.sessionAffinityConfig.clientIP) errs.push(fieldErrors.required(cfgPath.child('clientIP'), when));
    else if (timeout == null) errs.push(fieldErrors.required(cfgPath.child('clientIP', 'timeoutSeconds'), when));
    else if (timeout <= 0 || timeout > 86400) errs.push(fieldErrors.invalid(cfgPath.child('clientIP', 'timeoutSeconds'), timeout, 'must be greater than 0 and less than 86400'));
  } else if (affinity === 'None' && spec.sessionAffinityConfig != null) {
    errs.push(fieldErrors.forbidden(specPath.child('sessionAffinityConfig'), 'must not be set when session affinity is None'));
  }
  (spec.externalIPs ?? []).forEach((ip, i) => errs.push(...validateIP(specPath.child('externalIPs').index(i), ip)));
  const types = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'];
  if (!spec.type) errs.push(fieldErrors.required(specPath.child('type'), ''));
  else if (!types.includes(spec.type)) errs.push(notSupported(specPath.child('type'), spec.type, types));
  if (spec.type === 'ClusterIP') {
    ports.forEach((p, i) => {
      if (p.nodePort) errs.push(fieldErrors.forbidden(specPath.child('ports').index(i).child('nodePort'), "may not be used when `type` is 'ClusterIP'"));
    });
  }
  const nodePorts = new Set<string>();
  ports.forEach((p, i) => {
    if (!p.nodePort) return;
    const key = `${p.protocol ?? ''}/${p.nodePort}`;
    if (nodePorts.has(key)) errs.push(fieldErrors.duplicate(specPath.child('ports').index(i).child('nodePort'), p.nodePort));
    nodePorts.add(key);
  });
  const seen = new Set<string>();
  ports.forEach((p, i) => {
    const key = `${p.protocol ?? ''}/${p.port ?? 0}`;
    if (seen.has(key)) errs.push(duplicateGo(specPath.child('ports').index(i), goServicePortKey(p.protocol ?? '', p.port ?? 0, 0)));
    seen.add(key);
  });
  if ((spec.loadBalancerSourceRanges ?? []).length > 0 && spec.type !== 'LoadBalancer') {
    errs.push(fieldErrors.forbidden(specPath.child('LoadBalancerSourceRanges'), "may only be used when `type` is 'LoadBalancer'"));
  }
  if (spec.allocateLoadBalancerNodePorts != null && spec.type !== 'LoadBalancer') {
    errs.push(fieldErrors.forbidden(specPath.child('allocateLoadBalancerNodePorts'), "may only be used when `type` is 'LoadBalancer'"));
  }
  if (spec.type === 'LoadBalancer' && spec.allocateLoadBalancerNodePorts == null) {
    errs.push(fieldErrors.required(FieldPath.of('allocateLoadBalancerNodePorts'), ''));
  }
  // External traffic policy.
  const etp = spec.externalTrafficPolicy ?? '';
  if (!externallyAccessible(svc)) {
    if (etp !== '') errs.push(fieldErrors.invalid(specPath.child('externalTrafficPolicy'), etp, 'may only be set for externally-accessible services'));
  } else if (etp === '') errs.push(fieldErrors.required(specPath.child('externalTrafficPolicy'), ''));
  else if (etp !== 'Cluster' && etp !== 'Local') errs.push(notSupported(specPath.child('externalTrafficPolicy'), etp, ['Cluster', 'Local']));
  const hcnp = spec.healthCheckNodePort ?? 0;
  if (!needsHealthCheck(svc)) {
    if (hcnp !== 0) {
      errs.push(fieldErrors.invalid(specPath.child('healthCheckNodePort'), hcnp, "may only be set when `type` is 'LoadBalancer' and `externalTrafficPolicy` is 'Local'"));
    }
  } else if (hcnp === 0) errs.push(fieldErrors.required(specPath.child('healthCheckNodePort'), ''));
  else errs.push(...invalidEach(specPath.child('healthCheckNodePort'), hcnp, isValidPortNum(hcnp)));
  // Internal traffic policy.
  const itp = spec.internalTrafficPolicy;
  if (itp == null) {
    if (spec.type === 'NodePort' || spec.type === 'LoadBalancer' || spec.type === 'ClusterIP') errs.push(fieldErrors.required(specPath.child('internalTrafficPolicy'), ''));
  } else if (itp !== 'Cluster' && itp !== 'Local') errs.push(notSupported(specPath.child('internalTrafficPolicy'), itp, ['Cluster', 'Local']));
  if (spec.trafficDistribution != null && spec.trafficDistribution !== 'PreferClose') {
    errs.push(notSupported(specPath.child('trafficDistribution'), spec.trafficDistribution, ['PreferClose']));
  }
  return errs;
}

/** ValidateServiceUpdate (without the clusterIPs and ipFamilies upgrade rules). */
export function validateServiceUpdate(svc: Service, old: Service): FieldError[] {
  const errs = validateCoreObjectMetaUpdate(svc.metadata, old.metadata);
  if (needsHealthCheck(old) && needsHealthCheck(svc) && (svc.spec?.healthCheckNodePort ?? 0) !== (old.spec?.healthCheckNodePort ?? 0)) {
    errs.push(fieldErrors.forbidden(FieldPath.of('spec', 'healthCheckNodePort'), 'field is immutable'));
  }
  return [...errs, ...validateService(svc)];
}
