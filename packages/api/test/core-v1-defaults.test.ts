// Defaults of the core/v1 kinds, written from k8s.io/kubernetes pkg/apis/core/v1/defaults.go and
// zz_generated.defaults.go (v1.33). What kube-apiserver adds beyond SetDefaults_* on a create
// (status.phase and qosClass from the strategy; serviceAccountName, the token volume, default
// tolerations and priority from admission plugins) is not part of a kind's defaults.
import { describe, expect, it } from 'vitest';
import {
  defaultPodTemplateSpec,
  endpointsKind,
  imageTag,
  nodeKind,
  podKind,
  serviceKind,
  type Endpoints,
  type Node,
  type Pod,
  type PodTemplateSpec,
  type Service,
} from '../src/core/v1/index.ts';

const defaulted = <T>(fn: (o: T) => void, obj: T): T => {
  const copy = structuredClone(obj);
  fn(copy);
  return copy;
};

describe('Pod defaults', () => {
  it('a minimal pod gets what SetDefaults_Pod, SetDefaults_PodSpec and the nested defaulters set', () => {
    const pod: Pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'web', namespace: 'default' },
      spec: { containers: [{ name: 'nginx', image: 'nginx', ports: [{ containerPort: 80 }], livenessProbe: { httpGet: { port: 80 } } }] },
    };
    expect(defaulted(podKind.defaults, pod)).toEqual({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'web', namespace: 'default' },
      spec: {
        containers: [
          {
            name: 'nginx',
            image: 'nginx',
            ports: [{ containerPort: 80, protocol: 'TCP' }],
            livenessProbe: { httpGet: { path: '/', port: 80, scheme: 'HTTP' }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 },
            terminationMessagePath: '/dev/termination-log',
            terminationMessagePolicy: 'File',
            imagePullPolicy: 'Always',
          },
        ],
        restartPolicy: 'Always',
        terminationGracePeriodSeconds: 30,
        dnsPolicy: 'ClusterFirst',
        securityContext: {},
        schedulerName: 'default-scheduler',
        enableServiceLinks: true,
      },
    });
  });

  it.each([
    ['nginx', 'latest', 'Always'],
    ['nginx:latest', 'latest', 'Always'],
    ['nginx:1.25', '1.25', 'IfNotPresent'],
    ['registry.example:5000/team/app', 'latest', 'Always'],
    ['registry.example:5000/team/app:v1', 'v1', 'IfNotPresent'],
    ['nginx@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef', '', 'IfNotPresent'],
    ['nginx:1.25@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef', '1.25', 'IfNotPresent'],
    ['NotLowerCase', '', 'IfNotPresent'],
    ['', '', 'IfNotPresent'],
  ])('image %j: tag %j, imagePullPolicy %s', (image, tag, policy) => {
    expect(imageTag(image)).toBe(tag);
    const pod = defaulted(podKind.defaults, { spec: { containers: [{ name: 'c', image }] } } as Pod);
    expect(pod.spec?.containers?.[0]?.imagePullPolicy).toBe(policy);
  });

  it('volumes: a volume without a source is an emptyDir; sources get their modes and types', () => {
    const pod = defaulted(podKind.defaults, {
      spec: {
        containers: [{ name: 'c', image: 'i:1' }],
        volumes: [
          { name: 'a' },
          { name: 'b', secret: { secretName: 's' } },
          { name: 'c', configMap: { name: 'cm' } },
          { name: 'd', hostPath: { path: '/x' } },
          { name: 'e', downwardAPI: { items: [{ path: 'n', fieldRef: { fieldPath: 'metadata.name' } }] } },
          { name: 'f', projected: { sources: [{ serviceAccountToken: { path: 't' } }] } },
          { name: 'g', rbd: { monitors: ['m'], image: 'img' } },
          { name: 'h', ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'] } } } },
        ],
      },
    } as Pod);
    expect(pod.spec?.volumes).toEqual([
      { name: 'a', emptyDir: {} },
      { name: 'b', secret: { secretName: 's', defaultMode: 420 } },
      { name: 'c', configMap: { name: 'cm', defaultMode: 420 } },
      { name: 'd', hostPath: { path: '/x', type: '' } },
      { name: 'e', downwardAPI: { items: [{ path: 'n', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } }], defaultMode: 420 } },
      { name: 'f', projected: { sources: [{ serviceAccountToken: { path: 't', expirationSeconds: 3600 } }], defaultMode: 420 } },
      { name: 'g', rbd: { monitors: ['m'], image: 'img', pool: 'rbd', user: 'admin', keyring: '/etc/ceph/keyring' } },
      { name: 'h', ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'], volumeMode: 'Filesystem' } } } },
    ]);
  });

  it('requests default to limits (containers and init containers), host network copies ports', () => {
    const pod = defaulted(podKind.defaults, {
      spec: {
        hostNetwork: true,
        containers: [{ name: 'c', image: 'i:1', ports: [{ containerPort: 8080 }], resources: { limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '500m' } } }],
        initContainers: [{ name: 'i', image: 'i:1', resources: { limits: { cpu: '1' } } }],
      },
    } as Pod);
    expect(pod.spec?.containers?.[0]?.resources).toEqual({ limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '500m', memory: '1Gi' } });
    expect(pod.spec?.containers?.[0]?.ports).toEqual([{ containerPort: 8080, hostPort: 8080, protocol: 'TCP' }]);
    expect(pod.spec?.initContainers?.[0]?.resources).toEqual({ limits: { cpu: '1' }, requests: { cpu: '1' } });
  });

  it('probes: handler defaults and the gRPC service; lifecycle HTTP handlers', () => {
    const pod = defaulted(podKind.defaults, {
      spec: {
        containers: [
          {
            name: 'c',
            image: 'i:1',
            readinessProbe: { grpc: { port: 9090 }, periodSeconds: 3 },
            lifecycle: { preStop: { httpGet: { port: 'http' } } },
            env: [{ name: 'N', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }],
          },
        ],
      },
    } as Pod);
    const c = pod.spec?.containers?.[0];
    expect(c?.readinessProbe).toEqual({ grpc: { port: 9090, service: '' }, periodSeconds: 3, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 });
    expect(c?.lifecycle).toEqual({ preStop: { httpGet: { port: 'http', path: '/', scheme: 'HTTP' } } });
    expect(c?.env?.[0]?.valueFrom?.fieldRef).toEqual({ apiVersion: 'v1', fieldPath: 'metadata.name' });
  });

  it('set values are kept', () => {
    const spec = { restartPolicy: 'Never', dnsPolicy: 'Default', terminationGracePeriodSeconds: 0, schedulerName: 'x', securityContext: { runAsUser: 1 }, enableServiceLinks: false };
    const pod = defaulted(podKind.defaults, { spec: { ...spec, containers: [{ name: 'c', image: 'i', imagePullPolicy: 'Never' }] } } as Pod);
    expect(pod.spec).toMatchObject(spec);
    expect(pod.spec?.containers?.[0]?.imagePullPolicy).toBe('Never');
  });

  it('a pod template gets the PodSpec defaults but not SetDefaults_Pod (no service links, no requests from limits)', () => {
    const template: PodTemplateSpec = { spec: { containers: [{ name: 'c', image: 'i:1', resources: { limits: { cpu: '1' } } }] } };
    expect(defaulted(defaultPodTemplateSpec, template)).toEqual({
      spec: {
        containers: [{ name: 'c', image: 'i:1', resources: { limits: { cpu: '1' } }, terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File', imagePullPolicy: 'IfNotPresent' }],
        restartPolicy: 'Always',
        terminationGracePeriodSeconds: 30,
        dnsPolicy: 'ClusterFirst',
        securityContext: {},
        schedulerName: 'default-scheduler',
      },
    });
  });
});

describe('Pod status IPs (the round trip through the internal PodStatus, conversion.go)', () => {
  const status = (st: object) => (defaulted(podKind.defaults, { metadata: { name: 'p' }, spec: {}, status: st } as Pod).status as Record<string, unknown>);
  it('podIPs from a lone podIP, and podIP from podIPs', () => {
    expect(status({ podIP: '10.0.0.5', hostIP: '192.168.1.2' })).toMatchObject({ podIP: '10.0.0.5', podIPs: [{ ip: '10.0.0.5' }], hostIP: '192.168.1.2', hostIPs: [{ ip: '192.168.1.2' }] });
    expect(status({ podIPs: [{ ip: '10.0.0.6' }, { ip: 'fd00::6' }] })).toMatchObject({ podIP: '10.0.0.6', podIPs: [{ ip: '10.0.0.6' }, { ip: 'fd00::6' }] });
  });
  it('the singular wins when the two disagree (older kubelets)', () => {
    expect(status({ podIP: '10.0.0.7', podIPs: [{ ip: '10.0.0.8' }, { ip: 'fd00::8' }] })).toMatchObject({ podIP: '10.0.0.7', podIPs: [{ ip: '10.0.0.7' }] });
  });
});

describe('Service defaults', () => {
  it('a minimal ClusterIP service', () => {
    const svc: Service = { metadata: { name: 's', namespace: 'default' }, spec: { selector: { app: 'web' }, ports: [{ port: 80 }] } };
    expect(defaulted(serviceKind.defaults, svc).spec).toEqual({
      selector: { app: 'web' },
      ports: [{ port: 80, protocol: 'TCP', targetPort: 80 }],
      sessionAffinity: 'None',
      type: 'ClusterIP',
      internalTrafficPolicy: 'Cluster',
      ipFamilyPolicy: 'SingleStack',
      ipFamilies: ['IPv4'],
    });
  });

  it('LoadBalancer: external traffic policy, node ports allocation, ingress IP mode', () => {
    const svc = defaulted(serviceKind.defaults, {
      spec: { type: 'LoadBalancer', ports: [{ port: 443, targetPort: 'https' }] },
      status: { loadBalancer: { ingress: [{ ip: '1.2.3.4' }, { hostname: 'lb.example' }] } },
    } as Service);
    expect(svc.spec).toMatchObject({ externalTrafficPolicy: 'Cluster', allocateLoadBalancerNodePorts: true, internalTrafficPolicy: 'Cluster', ports: [{ port: 443, targetPort: 'https', protocol: 'TCP' }] });
    expect(svc.status?.loadBalancer?.ingress).toEqual([{ ip: '1.2.3.4', ipMode: 'VIP' }, { hostname: 'lb.example' }]);
  });

  it('ClientIP affinity gets a 3 hour timeout; None drops the config', () => {
    expect(defaulted(serviceKind.defaults, { spec: { sessionAffinity: 'ClientIP' } } as Service).spec?.sessionAffinityConfig).toEqual({ clientIP: { timeoutSeconds: 10800 } });
    expect(defaulted(serviceKind.defaults, { spec: { sessionAffinityConfig: { clientIP: { timeoutSeconds: 5 } } } } as Service).spec?.sessionAffinityConfig).toBeUndefined();
  });

  it('headless without selector: RequireDualStack; ExternalName: no IP families', () => {
    expect(defaulted(serviceKind.defaults, { spec: { clusterIP: 'None' } } as Service).spec).toMatchObject({ clusterIPs: ['None'], ipFamilyPolicy: 'RequireDualStack', ipFamilies: ['IPv4'] });
    const ext = defaulted(serviceKind.defaults, { spec: { type: 'ExternalName', externalName: 'db.example' } } as Service).spec;
    expect(ext).toEqual({ type: 'ExternalName', externalName: 'db.example', sessionAffinity: 'None' });
  });
});

describe('Node and Endpoints defaults', () => {
  it('allocatable defaults to capacity', () => {
    expect(defaulted(nodeKind.defaults, { status: { capacity: { cpu: '4', pods: '110' } } } as Node).status).toEqual({
      capacity: { cpu: '4', pods: '110' },
      allocatable: { cpu: '4', pods: '110' },
    });
  });

  it('endpoint ports default to TCP', () => {
    const ep = defaulted(endpointsKind.defaults, { subsets: [{ addresses: [{ ip: '10.0.0.1' }], ports: [{ port: 80 }] }] } as Endpoints);
    expect(ep.subsets?.[0]?.ports).toEqual([{ port: 80, protocol: 'TCP' }]);
  });
});
