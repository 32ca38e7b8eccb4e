// Behaviour of k8s.io/kube-aggregator pkg/registry/apiservice/strategy.go and etcd/etcd.go (v0.33):
// a create clears the status and, for a local APIService (no service), sets Available=True
// (reason Local); an update keeps the status; `/status` keeps the spec, labels, annotations,
// finalizers and owner references; no create by update, no unconditional update. Stored under
// `/registry/apiregistration.k8s.io/apiservices/<name>`. (kube-aggregator writes these values as
// JSON; kapi writes protobuf, which both read.) Generation is not managed, as in kube.
import { apiServiceKind, localAvailableCondition, validateAPIServiceStatusUpdate, type APIService, type KindDefinition } from '@kapi/api';
import { formatTime } from '@kapi/apimachinery';
import type { BuiltinResource } from './builtin-resource.ts';
import { apiServicePrinter } from './printers/apiregistration.ts';

/** The status a new APIService gets: Available for a local one, nothing for a service-backed one. */
export function initialAPIServiceStatus(svc: APIService, now: Date = new Date()): APIService['status'] {
  if (svc.spec?.service !== undefined) return {};
  return { conditions: [{ ...localAvailableCondition, lastTransitionTime: formatTime(now) }] };
}

/** APIServices with kube-aggregator's printer. */
export function apiregistrationResources(): BuiltinResource[] {
  return [
    {
      definition: apiServiceKind as KindDefinition,
      keyPrefix: '/apiregistration.k8s.io/apiservices',
      table: apiServicePrinter,
      strategy: {
        allowUnconditionalUpdate: false,
        resetFields: [['status']],
        prepareForCreate(obj) {
          obj.status = initialAPIServiceStatus(obj as APIService);
        },
        prepareForUpdate(obj, old) {
          if (old.status !== undefined) obj.status = old.status;
          else delete obj.status;
        },
      },
      status: true,
      statusStrategy: {
        resetFields: [['spec'], ['metadata']],
        prepareForUpdate(obj, old) {
          if (old.spec !== undefined) obj.spec = old.spec;
          else delete obj.spec;
          const meta = (obj.metadata ??= {}) as Record<string, unknown>;
          const oldMeta = (old.metadata ?? {}) as Record<string, unknown>;
          for (const f of ['labels', 'annotations', 'finalizers', 'ownerReferences']) {
            if (oldMeta[f] !== undefined) meta[f] = oldMeta[f];
            else delete meta[f];
          }
        },
        validateUpdate: (obj, old) => validateAPIServiceStatusUpdate(obj as APIService, old as APIService),
      },
    },
  ];
}
