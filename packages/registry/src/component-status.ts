// Behaviour of k8s.io/kubernetes pkg/registry/core/componentstatus/{rest.go,validator.go} and
// pkg/registry/core/rest/storage_core.go componentStatusStorage (v1.33): componentstatuses, the
// health of the control plane computed on every read and never stored. kube probes the scheduler
// and the controller manager at https://127.0.0.1:10259/healthz and :10257 (TLS unverified) and
// each storage server (`etcd-N`); kapi has one store, reported as `etcd-0`, whose probe the server
// passes in (the registry knows no backend).
import { request } from 'node:https';
import { componentStatusDeprecationWarning, componentStatusKind, type ComponentStatus, type KindDefinition } from '@kapi/api';
import {
  everythingFields,
  everythingLabels,
  newBadRequest,
  newInternalError,
  newMethodNotSupported,
  orderObject,
  type KubeList,
  type KubeObject,
} from '@kapi/apimachinery';
import { defaultAttrs } from '@kapi/storage';
import type { BuiltinResource } from './builtin-resource.ts';
import type { GenericStore } from './generic-store.ts';
import { strategyForKind } from './kind-strategy.ts';
import { componentStatusPrinter } from './printers/component-status.ts';
import { apiVersionOf, groupResourceOf } from './resource.ts';

/** The Healthy condition of one component: True, False or Unknown, with the probe's message and error. */
export interface ComponentHealth {
  readonly status: 'True' | 'False' | 'Unknown';
  readonly message: string;
  readonly error?: string;
}

/** Checks one component. Never rejects: a failed check is a ComponentHealth. */
export type ComponentProbe = () => Promise<ComponentHealth>;

/** kube's probeTimeOut. */
const probeTimeoutMs = 20_000;

/**
 * What Go's net/http client says about a failed GET (`Get "<url>": dial tcp <addr>: connect:
 * connection refused`), from Node's error.
 */
function goGetError(url: string, err: NodeJS.ErrnoException): string {
  const { host } = new URL(url);
  switch (err.code) {
    case 'ECONNREFUSED':
      return `Get ${JSON.stringify(url)}: dial tcp ${host}: connect: connection refused`;
    case 'ETIMEDOUT':
      return `Get ${JSON.stringify(url)}: context deadline exceeded (Client.Timeout exceeded while awaiting headers)`;
    default:
      return `Get ${JSON.stringify(url)}: ${err.message}`;
  }
}

/**
 * kube's HttpServer.DoServerCheck with the http prober: a GET of `url` (certificate not verified);
 * 2xx and 3xx are healthy with the body as the message, other codes unhealthy with the body, and an
 * unreachable server unhealthy with the client's error as the message.
 */
export function httpComponentProbe(url: string): ComponentProbe {
  return () =>
    new Promise<ComponentHealth>((resolve) => {
      const req = request(url, { rejectUnauthorized: false, timeout: probeTimeoutMs }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).subarray(0, 10 * 1024).toString('utf8');
          const code = res.statusCode ?? 0;
          resolve({ status: code >= 200 && code < 400 ? 'True' : 'False', message: body });
        });
        res.on('error', (err) => resolve({ status: 'False', message: goGetError(url, err) }));
      });
      req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
      req.on('error', (err: NodeJS.ErrnoException) => resolve({ status: 'False', message: goGetError(url, err) }));
      req.end();
    });
}

/** kube's EtcdServer.DoServerCheck over a probe of the store: "ok" when it answers, else its error. */
export function storageComponentProbe(probe: () => Promise<unknown>): ComponentProbe {
  return async () => {
    try {
      await probe();
      return { status: 'True', message: 'ok' };
    } catch (err) {
      return { status: 'False', message: '', error: err instanceof Error ? err.message : String(err) };
    }
  };
}

export interface ComponentStatusOptions {
  /** Probes the store (a cheap read); its component is `etcd-0`. Without it the store is not listed. */
  readonly storageProbe?: () => Promise<unknown>;
  /** The components to report, by name, replacing kube's (scheduler, controller-manager, etcd-0). */
  readonly components?: Readonly<Record<string, ComponentProbe>>;
}

/** kube's servers to validate: the scheduler, the controller manager, and the store as etcd-0. */
function defaultComponents(options: ComponentStatusOptions): Record<string, ComponentProbe> {
  return {
    scheduler: httpComponentProbe('https://127.0.0.1:10259/healthz'),
    'controller-manager': httpComponentProbe('https://127.0.0.1:10257/healthz'),
    ...(options.storageProbe !== undefined ? { 'etcd-0': storageComponentProbe(options.storageProbe) } : {}),
  };
}

/** The ComponentStatus of one component (getComponentStatus). */
async function statusOf(name: string, probe: ComponentProbe): Promise<ComponentStatus> {
  const health = await probe();
  const condition: Record<string, string> = { type: 'Healthy', status: health.status };
  if (health.message !== '') condition.message = health.message;
  if (health.error !== undefined && health.error !== '') condition.error = health.error;
  return { metadata: { name, creationTimestamp: null }, conditions: [condition] };
}

/**
 * The `componentstatuses` resource (core/v1, cluster-scoped, `cs`): get and list only, each read
 * probing the components; every answer carries kube's deprecation warning.
 */
export function componentStatusResource(options: ComponentStatusOptions = {}): BuiltinResource {
  const definition = componentStatusKind as KindDefinition;
  const components = options.components ?? defaultComponents(options);
  return {
    definition,
    table: componentStatusPrinter,
    rest: (info) => {
      const gr = groupResourceOf(info);
      const typeMeta = { apiVersion: apiVersionOf(info), kind: info.kind };
      const notSupported = (verb: string) => () => Promise.reject(newMethodNotSupported(gr, verb));
      const store: GenericStore = {
        info,
        strategy: strategyForKind(definition),
        verbs: ['get', 'list'],
        warning: componentStatusDeprecationWarning,
        async get(_ctx, name) {
          const probe = components[name];
          // kube answers an unknown name with a plain error, hence a 500.
          if (probe === undefined) throw newInternalError(new Error(`Component not found: ${name}`));
          return orderObject(await statusOf(name, probe), typeMeta);
        },
        async list(_ctx, opts = {}) {
          const all = await Promise.all(Object.entries(components).map(([name, probe]) => statusOf(name, probe)));
          // Components carry no labels; a selector filters them like any other object's.
          const label = opts.labelSelector ?? everythingLabels;
          const field = opts.fieldSelector ?? everythingFields;
          for (const r of field.requirements) {
            if (r.field !== 'metadata.name') throw newBadRequest(`field label not supported: ${r.field}`);
          }
          const items = all.filter((cs) => {
            const attrs = defaultAttrs(cs as KubeObject);
            return label.matches(attrs.labels) && field.matches(attrs.fields);
          });
          const list: KubeList = { kind: info.listKind, apiVersion: apiVersionOf(info), metadata: {}, items: items.map((o) => orderObject(o as KubeObject, null)) };
          return list;
        },
        create: notSupported('create'),
        update: notSupported('update'),
        delete: notSupported('delete'),
        watch: notSupported('watch'),
      };
      return { store };
    },
  };
}
