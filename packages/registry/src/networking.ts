// Behaviour of k8s.io/kubernetes pkg/registry/networking/{networkpolicy,ingressclass,ingress,
// servicecidr,ipaddress}/strategy.go and storage (v1.33). NetworkPolicy, IngressClass and Ingress:
// a create sets generation 1 and a spec change bumps it; Ingress's status is the controller's
// (`/status`); ServiceCIDR has `/status` but its main strategy resets nothing; IPAddress has no
// strategy of its own and takes generateName as the name. Ingresses live under `/registry/ingress`,
// the others under their resource.
import { networkingV1Kinds, validateIngressStatusUpdate, validateServiceCIDRStatusUpdate, type Ingress, type KindDefinition, type ServiceCIDR } from '@kapi/api';
import type { BuiltinResource } from './builtin-resource.ts';
import { generationStrategy, specStatusStrategy } from './builtin-resource.ts';
import { ingressClassPrinter, ingressPrinter, ipAddressPrinter, networkPolicyPrinter, serviceCIDRPrinter } from './printers/networking.ts';
import type { TableConvertor } from './table-convertor.ts';

const printers: Readonly<Record<string, TableConvertor>> = {
  networkpolicies: networkPolicyPrinter,
  ingressclasses: ingressClassPrinter,
  ingresses: ingressPrinter,
  servicecidrs: serviceCIDRPrinter,
  ipaddresses: ipAddressPrinter,
};

function resourceOf(def: KindDefinition): BuiltinResource {
  const table = printers[def.resource];
  const base = { definition: def, ...(table ? { table } : {}) };
  switch (def.resource) {
    case 'ingresses':
      return {
        ...base,
        // ingressStrategy: create clears the status; an update keeps it and bumps generation on spec changes.
        strategy: specStatusStrategy(),
        keyPrefix: '/ingress',
        status: true,
        statusStrategy: { validateUpdate: (obj, old) => validateIngressStatusUpdate(obj as Ingress, old as Ingress) },
      };
    case 'servicecidrs':
      return {
        ...base,
        storageVersion: 'v1beta1',
        status: true,
        statusStrategy: { validateUpdate: (obj, old) => validateServiceCIDRStatusUpdate(obj as ServiceCIDR, old as ServiceCIDR) },
      };
    case 'ipaddresses':
      return {
        ...base,
        storageVersion: 'v1beta1',
        // ipAddressStrategy's noopNameGenerator: generateName is taken as the name, unchanged.
        wrapStore: (generic) => ({
          ...generic,
          create(ctx, obj, opts) {
            const meta = obj.metadata;
            if (meta && !meta.name && meta.generateName) meta.name = meta.generateName;
            return generic.create(ctx, obj, opts);
          },
        }),
      };
    default:
      return { ...base, strategy: generationStrategy() };
  }
}

/** The resources of networking.k8s.io/v1 with kube's strategies and printers. */
export function networkingResources(): BuiltinResource[] {
  return networkingV1Kinds.map(resourceOf);
}
