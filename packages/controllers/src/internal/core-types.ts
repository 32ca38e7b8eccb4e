// The fields of core/v1 Pods, Services, Nodes and Endpoints and of discovery.k8s.io/v1 EndpointSlices
// that the endpoints and EndpointSlice controllers read and write (k8s.io/api core/v1 and
// discovery/v1 types.go, v0.33). Plain JSON shapes: @kapi/controllers does not depend on @kapi/api.
import type { KubeObject } from '@kapi/apimachinery';

export interface ObjectReference {
  kind?: string;
  namespace?: string;
  name?: string;
  uid?: string;
  apiVersion?: string;
  resourceVersion?: string;
  fieldPath?: string;
}

export interface ContainerPort {
  name?: string;
  containerPort?: number;
  protocol?: string;
}

export interface Container {
  name?: string;
  ports?: ContainerPort[] | null;
  restartPolicy?: string;
}

export interface PodCondition {
  type?: string;
  status?: string;
  lastTransitionTime?: string | null;
}

export type Pod = KubeObject & {
  spec?: {
    nodeName?: string;
    hostname?: string;
    subdomain?: string;
    containers?: Container[] | null;
    initContainers?: Container[] | null;
  };
  status?: {
    phase?: string;
    podIP?: string;
    podIPs?: { ip?: string }[] | null;
    conditions?: PodCondition[] | null;
  };
};

export interface ServicePort {
  name?: string;
  protocol?: string;
  appProtocol?: string;
  port?: number;
  /** An IntOrString: a number, or a container port's name. */
  targetPort?: number | string;
}

export type Service = KubeObject & {
  spec?: {
    type?: string;
    selector?: Record<string, string> | null;
    clusterIP?: string;
    ipFamilies?: string[] | null;
    ports?: ServicePort[] | null;
    publishNotReadyAddresses?: boolean;
    trafficDistribution?: string;
  };
};

export type Node = KubeObject & { status?: { conditions?: { type?: string; status?: string }[] | null } };

export interface EndpointAddress {
  ip: string;
  hostname?: string;
  nodeName?: string;
  targetRef?: ObjectReference;
}

export interface EndpointPort {
  name?: string;
  port: number;
  protocol?: string;
  appProtocol?: string;
}

export interface EndpointSubset {
  addresses?: EndpointAddress[];
  notReadyAddresses?: EndpointAddress[];
  ports?: EndpointPort[];
}

export type Endpoints = KubeObject & { subsets?: EndpointSubset[] | null };

export interface SliceEndpointPort {
  name?: string;
  protocol?: string;
  port?: number;
  appProtocol?: string;
}

export interface SliceEndpoint {
  addresses: string[];
  conditions?: { ready?: boolean; serving?: boolean; terminating?: boolean };
  hostname?: string;
  targetRef?: ObjectReference;
  nodeName?: string;
  zone?: string;
  hints?: { forZones?: { name: string }[]; forNodes?: { name: string }[] } | null;
  [field: string]: unknown;
}

export type EndpointSlice = KubeObject & {
  addressType: string;
  endpoints?: SliceEndpoint[] | null;
  ports?: SliceEndpointPort[] | null;
};

/** metadata.namespace/name of an object, as the controllers key their queues (kube's MetaNamespaceKeyFunc). */
export const keyOf = (obj: KubeObject): string => {
  const m = obj.metadata ?? {};
  return m.namespace ? `${m.namespace}/${m.name ?? ''}` : (m.name ?? '');
};

/** The namespace and name of a `namespace/name` key (kube's SplitMetaNamespaceKey). */
export function splitKey(key: string): { namespace: string; name: string } {
  const slash = key.indexOf('/');
  return slash < 0 ? { namespace: '', name: key } : { namespace: key.slice(0, slash), name: key.slice(slash + 1) };
}
