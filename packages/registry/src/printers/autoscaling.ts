// Behaviour of k8s.io/kubernetes/pkg/printers/internalversion/printers.go printHorizontalPodAutoscaler
// and formatHPAMetrics (v1.33): the table of `kubectl get hpa`, the same for autoscaling/v1 (whose
// objects are printed as the v2 objects they convert to, as kube prints the internal one).
import { hpaV1ToV2, type HorizontalPodAutoscaler, type HorizontalPodAutoscalerV1 } from '@kapi/api';
import type { KubeObject } from '@kapi/apimachinery';
import { age, type TableConvertor } from '../table-convertor.ts';
import { ageColumn, column, nameColumn, nameOf } from './format.ts';

const columns = [
  nameColumn,
  column('Reference', 'string', 'scaleTargetRef points to the target resource to scale, and is used to the pods for which metrics should be collected, as well as to actually change the replica count.'),
  column(
    'Targets',
    'string',
    'metrics contains the specifications for which to use to calculate the desired replica count (the maximum replica count across all metrics will be used).  The desired replica count is calculated multiplying the ratio between the target value and the current value by the current number of pods.  Ergo, metrics used must decrease as the pod count is increased, and vice-versa.  See the individual metric source types for more information about how each type of metric must respond.',
  ),
  column('MinPods', 'string', 'minReplicas is the lower limit for the number of replicas to which the autoscaler can scale down.  It defaults to 1 pod.  minReplicas is allowed to be 0 if the alpha feature gate HPAScaleToZero is enabled and at least one Object or External metric is configured.  Scaling is active as long as at least one metric value is available.'),
  column('MaxPods', 'integer', 'maxReplicas is the upper limit for the number of replicas to which the autoscaler can scale up. It cannot be less that minReplicas.'),
  column('Replicas', 'integer', 'currentReplicas is current number of replicas of pods managed by this autoscaler, as last seen by the autoscaler.'),
  ageColumn,
];

const str = (q: string | number | null | undefined) => (q == null ? '<nil>' : String(q));

/** formatHPAMetrics: up to two metrics as `current/target`, then `+ N more...`. */
export function formatHPAMetrics(hpa: HorizontalPodAutoscaler): string {
  const specs = hpa.spec?.metrics ?? [];
  const statuses = hpa.status?.currentMetrics ?? [];
  if (specs.length === 0) return '<none>';
  const list: string[] = [];
  specs.forEach((spec, i) => {
    const status = statuses[i];
    switch (spec.type) {
      case 'External': {
        const t = spec.external?.target;
        if (t?.averageValue != null) {
          const current = status?.external?.current?.averageValue != null ? str(status.external.current.averageValue) : '<unknown>';
          list.push(`${current}/${str(t.averageValue)} (avg)`);
        } else {
          const current = status?.external != null ? str(status.external.current?.value ?? '0') : '<unknown>';
          list.push(`${current}/${str(t?.value)}`);
        }
        break;
      }
      case 'Pods': {
        const current = status?.pods != null ? str(status.pods.current?.averageValue) : '<unknown>';
        list.push(`${current}/${str(spec.pods?.target?.averageValue)}`);
        break;
      }
      case 'Object': {
        const t = spec.object?.target;
        if (t?.averageValue != null) {
          const current = status?.object?.current?.averageValue != null ? str(status.object.current.averageValue) : '<unknown>';
          list.push(`${current}/${str(t.averageValue)} (avg)`);
        } else {
          const current = status?.object != null ? str(status.object.current?.value) : '<unknown>';
          list.push(`${current}/${str(t?.value)}`);
        }
        break;
      }
      case 'Resource':
      case 'ContainerResource': {
        const src = spec.type === 'Resource' ? spec.resource : spec.containerResource;
        const cur = spec.type === 'Resource' ? status?.resource : status?.containerResource;
        const name = src?.name ?? '';
        if (src?.target?.averageValue != null) {
          const current = cur != null ? str(cur.current?.averageValue) : '<unknown>';
          list.push(`${name}: ${current}/${str(src.target.averageValue)}`);
        } else {
          const current = cur?.current?.averageUtilization != null ? `${cur.current.averageUtilization}%` : '<unknown>';
          const target = src?.target?.averageUtilization != null ? `${src.target.averageUtilization}%` : '<auto>';
          list.push(`${name}: ${current}/${target}`);
        }
        break;
      }
      default:
        list.push('<unknown type>');
    }
  });
  const maximum = 2;
  if (list.length > maximum) return `${list.slice(0, maximum).join(', ')} + ${list.length - maximum} more...`;
  return list.join(', ');
}

/** The cells of an autoscaling/v2 HorizontalPodAutoscaler: NAME, REFERENCE, TARGETS, MINPODS, MAXPODS, REPLICAS, AGE. */
export function hpaCells(obj: KubeObject, now: number): unknown[] {
  const hpa = obj as HorizontalPodAutoscaler;
  const ref = hpa.spec?.scaleTargetRef;
  const minPods = hpa.spec?.minReplicas != null ? String(hpa.spec.minReplicas) : '<unset>';
  return [nameOf(obj), `${ref?.kind ?? ''}/${ref?.name ?? ''}`, formatHPAMetrics(hpa), minPods, hpa.spec?.maxReplicas ?? 0, hpa.status?.currentReplicas ?? 0, age(obj, now)];
}

/** The printer of autoscaling/v2 horizontalpodautoscalers. */
export const horizontalPodAutoscalerPrinter: TableConvertor = { columns, cells: hpaCells, emptyRowsAsArray: true };

/** The printer of autoscaling/v1 horizontalpodautoscalers: the v2 object's row. */
export const horizontalPodAutoscalerV1Printer: TableConvertor = {
  columns,
  cells: (obj, now) => hpaCells(hpaV1ToV2(obj as HorizontalPodAutoscalerV1), now),
  emptyRowsAsArray: true,
};
