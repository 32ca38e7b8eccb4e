// Behaviour of k8s.io/kube-aggregator pkg/registry/apiservice/etcd/etcd.go ConvertToTable (v0.33).
import type { KubeObject } from '@kapi/apimachinery';
import { age, type TableConvertor } from '../table-convertor.ts';
import { ageColumn, column, nameColumn, nameOf } from './format.ts';

type ConditionJson = { type?: string; status?: string; reason?: string };

/** The AVAILABLE cell: `True`, `False (reason)`, the status alone without a reason, `Unknown` without the condition. */
export function apiServiceAvailable(obj: KubeObject): string {
  const c = ((obj.status as { conditions?: ConditionJson[] } | undefined)?.conditions ?? []).find((x) => x.type === 'Available');
  if (!c) return 'Unknown';
  const status = c.status ?? '';
  if (status === 'True') return status;
  return (c.reason ?? '') !== '' ? `${status} (${c.reason})` : status;
}

/** The printer of `apiservices`: NAME, SERVICE (`namespace/name` or `Local`), AVAILABLE, AGE. */
export const apiServicePrinter: TableConvertor = {
  columns: [
    nameColumn,
    column('Service', 'string', 'The reference to the service that hosts this API endpoint.'),
    column('Available', 'string', 'Whether this service is available.'),
    ageColumn,
  ],
  cells: (obj: KubeObject, now) => {
    const svc = (obj.spec as { service?: { namespace?: string; name?: string } } | undefined)?.service;
    const service = svc ? `${svc.namespace ?? ''}/${svc.name ?? ''}` : 'Local';
    return [nameOf(obj), service, apiServiceAvailable(obj), age(obj, now)];
  },
  emptyRowsAsArray: true,
};
