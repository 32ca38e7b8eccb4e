// Behaviour of k8s.io/kubernetes pkg/apis/core/v1/conversion.go and pkg/apis/batch/v1/conversion.go
// (AddFieldLabelConversionFunc), k8s.io/apimachinery/pkg/runtime/conversion.go
// (DefaultMetaV1FieldSelectorConversion) and the GetAttrs / ToSelectableFields of the kinds'
// strategy.go (v1.33): which labels a field selector may name for each kind, kube's message for
// the others, and the values the labels read (Go's fmt of the internal field: "false" and "0"
// where the field is absent).
import type { KubeObject } from '@kapi/apimachinery';
import { defaultAttrs } from '@kapi/storage';
import type { RESTStrategy } from './strategy.ts';

/** The labels every kind takes (DefaultMetaV1FieldSelectorConversion), cluster-scoped ones included. */
export const metadataFieldLabels = ['metadata.name', 'metadata.namespace'] as const;

/** DefaultMetaV1FieldSelectorConversion's message, for kinds without a conversion of their own. */
export const defaultFieldLabelError = (label: string) => `${JSON.stringify(label)} is not a known field selector: only "metadata.name", "metadata.namespace"`;

type Reader = (obj: KubeObject) => string;

/** The value at a dotted path, '' when absent (a Go string field's zero value). */
const at =
  (path: string): Reader =>
  (obj) => {
    let v: unknown = obj;
    for (const seg of path.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[seg] : undefined;
    return v === undefined || v === null ? '' : String(v);
  };
/** A Go bool field through fmt.Sprint / strconv.FormatBool: "false" when absent. */
const bool =
  (path: string): Reader =>
  (obj) =>
    at(path)(obj) === 'true' ? 'true' : 'false';

/**
 * Strategy hooks for a kind with a field label conversion of its own: `labels` are what it takes
 * (metadata ones included), `fields` what getAttrs adds to the metadata ones.
 */
function selectable(labels: readonly string[], fields: Readonly<Record<string, Reader>>, error?: (label: string) => string): Partial<RESTStrategy> {
  const entries = Object.entries(fields);
  return {
    getAttrs: (obj) => {
      const base = defaultAttrs(obj);
      const out: Record<string, string> = { ...base.fields };
      for (const [label, read] of entries) out[label] = read(obj);
      return { labels: base.labels, fields: out };
    },
    selectableFields: labels,
    ...(error ? { fieldLabelError: error } : {}),
  };
}

/**
 * Pods: the conversion takes status.podIPs, which ToSelectableFields does not set (so it reads as
 * ''), and spec.host for spec.nodeName (old clients).
 */
export const podFieldSelectors = selectable(
  [...metadataFieldLabels, 'spec.nodeName', 'spec.restartPolicy', 'spec.schedulerName', 'spec.serviceAccountName', 'spec.hostNetwork', 'status.phase', 'status.podIP', 'status.podIPs', 'status.nominatedNodeName', 'spec.host'],
  {
    'spec.nodeName': at('spec.nodeName'),
    'spec.host': at('spec.nodeName'),
    'spec.restartPolicy': at('spec.restartPolicy'),
    'spec.schedulerName': at('spec.schedulerName'),
    'spec.serviceAccountName': at('spec.serviceAccountName'),
    'spec.hostNetwork': bool('spec.hostNetwork'),
    'status.phase': at('status.phase'),
    'status.podIP': (pod) => String((pod.status as { podIPs?: { ip?: string }[]; podIP?: string } | undefined)?.podIPs?.[0]?.ip ?? at('status.podIP')(pod)),
    'status.nominatedNodeName': at('status.nominatedNodeName'),
  },
);

/** core/v1 Events; `source` is the reporting component, else the reporting controller. */
export const eventFieldSelectors = selectable(
  [
    'involvedObject.kind',
    'involvedObject.namespace',
    'involvedObject.name',
    'involvedObject.uid',
    'involvedObject.apiVersion',
    'involvedObject.resourceVersion',
    'involvedObject.fieldPath',
    'reason',
    'reportingComponent',
    'source',
    'type',
    ...metadataFieldLabels,
  ],
  {
    ...Object.fromEntries(['kind', 'namespace', 'name', 'uid', 'apiVersion', 'resourceVersion', 'fieldPath'].map((f) => [`involvedObject.${f}`, at(`involvedObject.${f}`)])),
    reason: at('reason'),
    reportingComponent: at('reportingComponent'),
    source: (e) => at('source.component')(e) || at('reportingComponent')(e),
    type: at('type'),
  },
);

/** Nodes take no metadata.namespace. */
export const nodeFieldSelectors = selectable(['metadata.name', 'spec.unschedulable'], { 'spec.unschedulable': bool('spec.unschedulable') });

/** Secrets, by type (`kubectl get secrets --field-selector type=kubernetes.io/service-account-token`). */
export const secretFieldSelectors = selectable([...metadataFieldLabels, 'type'], { type: at('type') });

/** Services, by cluster IP and type (since 1.30). */
export const serviceFieldSelectors = selectable([...metadataFieldLabels, 'spec.clusterIP', 'spec.type'], {
  'spec.clusterIP': at('spec.clusterIP'),
  'spec.type': at('spec.type'),
});

/** ReplicationControllers, by status.replicas. */
export const replicationControllerFieldSelectors = selectable([...metadataFieldLabels, 'status.replicas'], {
  'status.replicas': (rc) => at('status.replicas')(rc) || '0',
});

/** batch/v1 Jobs: status.successful is the count of succeeded pods; kube's own message for others. */
export const jobFieldSelectors = selectable(
  [...metadataFieldLabels, 'status.successful'],
  { 'status.successful': (job) => at('status.succeeded')(job) || '0' },
  (label) => `field label ${JSON.stringify(label)} not supported for batchv1.Job`,
);
