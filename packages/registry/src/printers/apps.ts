// Behaviour of k8s.io/kubernetes/pkg/printers/internalversion/printers.go printDeployment,
// printReplicaSet, printStatefulSet, printDaemonSet and printControllerRevision (v1.33).
import type { KubeObject } from '@kapi/apimachinery';
import { age, type TableConvertor } from '../table-convertor.ts';
import {
  ageColumn,
  column,
  containersColumn,
  formatLabels,
  formatLabelSelector,
  imagesColumn,
  labelSelectorString,
  layoutContainerCells,
  nameColumn,
  nameOf,
  type LabelSelectorJson,
  type PodTemplateJson,
} from './format.ts';

interface WorkloadJson extends KubeObject {
  spec?: { replicas?: number; selector?: LabelSelectorJson | null; template?: PodTemplateJson };
  status?: {
    replicas?: number;
    readyReplicas?: number;
    updatedReplicas?: number;
    availableReplicas?: number;
    desiredNumberScheduled?: number;
    currentNumberScheduled?: number;
    numberReady?: number;
    updatedNumberScheduled?: number;
    numberAvailable?: number;
  };
}

// The served object is defaulted: apps/v1 sets replicas to 1 for deployments, replica sets and
// stateful sets.
function desiredReplicas(w: WorkloadJson): number {
  return w.spec?.replicas ?? 1;
}

function templateCells(w: WorkloadJson): [string, string] {
  return layoutContainerCells(w.spec?.template?.spec?.containers);
}

const selectorColumn = (description: string) => column('Selector', 'string', description, 1);

export const deploymentColumns = [
  nameColumn,
  column('Ready', 'string', 'Number of the pod with ready state'),
  column('Up-to-date', 'string', 'How many pods run the latest pod template.'),
  column('Available', 'string', 'How many pods have been ready for at least minReadySeconds.'),
  ageColumn,
  containersColumn,
  imagesColumn,
  selectorColumn('The label selector of the pods the deployment manages.'),
] as const;

/** The cells of one deployment: NAME, READY, UP-TO-DATE, AVAILABLE, AGE, CONTAINERS, IMAGES, SELECTOR. */
export function deploymentCells(obj: KubeObject, now: number): unknown[] {
  const d = obj as WorkloadJson;
  const status = d.status ?? {};
  const [containers, images] = templateCells(d);
  // LabelSelectorAsSelector(...).String(): no `<none>` here, `<invalid>` for a bad selector.
  const selector = labelSelectorString(d.spec?.selector) ?? '<invalid>';
  return [
    nameOf(obj),
    `${status.readyReplicas ?? 0}/${desiredReplicas(d)}`,
    status.updatedReplicas ?? 0,
    status.availableReplicas ?? 0,
    age(obj, now),
    containers,
    images,
    selector,
  ];
}

export const deploymentPrinter: TableConvertor = { columns: deploymentColumns, cells: deploymentCells, emptyRowsAsArray: true };

export const replicaSetColumns = [
  nameColumn,
  column('Desired', 'integer', 'How many pods the replica set should run.'),
  column('Current', 'integer', 'How many pods the replica set runs.'),
  column('Ready', 'integer', 'How many of its pods are ready.'),
  ageColumn,
  containersColumn,
  imagesColumn,
  selectorColumn('The label selector of the pods the replica set manages.'),
] as const;

/** The cells of one replica set: NAME, DESIRED, CURRENT, READY, AGE, CONTAINERS, IMAGES, SELECTOR. */
export function replicaSetCells(obj: KubeObject, now: number): unknown[] {
  const rs = obj as WorkloadJson;
  const [containers, images] = templateCells(rs);
  return [
    nameOf(obj),
    desiredReplicas(rs),
    rs.status?.replicas ?? 0,
    rs.status?.readyReplicas ?? 0,
    age(obj, now),
    containers,
    images,
    formatLabelSelector(rs.spec?.selector),
  ];
}

export const replicaSetPrinter: TableConvertor = { columns: replicaSetColumns, cells: replicaSetCells, emptyRowsAsArray: true };

export const statefulSetColumns = [nameColumn, column('Ready', 'string', 'Number of the pod with ready state'), ageColumn, containersColumn, imagesColumn] as const;

/** The cells of one stateful set: NAME, READY, AGE, CONTAINERS, IMAGES. */
export function statefulSetCells(obj: KubeObject, now: number): unknown[] {
  const ss = obj as WorkloadJson;
  const [containers, images] = templateCells(ss);
  return [nameOf(obj), `${ss.status?.readyReplicas ?? 0}/${desiredReplicas(ss)}`, age(obj, now), containers, images];
}

export const statefulSetPrinter: TableConvertor = { columns: statefulSetColumns, cells: statefulSetCells, emptyRowsAsArray: true };

export const daemonSetColumns = [
  nameColumn,
  column('Desired', 'integer', 'How many nodes should run the daemon pod.'),
  column('Current', 'integer', 'How many nodes run at least one daemon pod and should.'),
  column('Ready', 'integer', 'How many nodes run a ready daemon pod.'),
  column('Up-to-date', 'integer', 'How many nodes run the latest daemon pod.'),
  column('Available', 'integer', 'How many nodes run a daemon pod available for at least minReadySeconds.'),
  column('Node Selector', 'string', 'The labels a node must have to run the daemon pod.'),
  ageColumn,
  containersColumn,
  imagesColumn,
  selectorColumn('The label selector of the pods the daemon set manages.'),
] as const;

/** The cells of one daemon set: NAME, DESIRED, CURRENT, READY, UP-TO-DATE, AVAILABLE, NODE SELECTOR, AGE, CONTAINERS, IMAGES, SELECTOR. */
export function daemonSetCells(obj: KubeObject, now: number): unknown[] {
  const ds = obj as WorkloadJson;
  const status = ds.status ?? {};
  const [containers, images] = templateCells(ds);
  return [
    nameOf(obj),
    status.desiredNumberScheduled ?? 0,
    status.currentNumberScheduled ?? 0,
    status.numberReady ?? 0,
    status.updatedNumberScheduled ?? 0,
    status.numberAvailable ?? 0,
    formatLabels(ds.spec?.template?.spec?.nodeSelector),
    age(obj, now),
    containers,
    images,
    formatLabelSelector(ds.spec?.selector),
  ];
}

export const daemonSetPrinter: TableConvertor = { columns: daemonSetColumns, cells: daemonSetCells, emptyRowsAsArray: true };

export const controllerRevisionColumns = [
  nameColumn,
  column('Controller', 'string', 'Controller of the object'),
  column('Revision', 'string', 'The revision number of the state the object holds.'),
  ageColumn,
] as const;

/** schema.ParseGroupVersion's group: empty for `v1`, the part before the slash for `apps/v1`. */
function groupOf(apiVersion: string): string {
  if (apiVersion === '' || apiVersion === '/') return '';
  const parts = apiVersion.split('/');
  if (parts.length > 2) throw new Error(`unexpected GroupVersion string: ${apiVersion}`);
  return parts.length === 2 ? parts[0]! : '';
}

/** The controller owner as `kind.group/name` in lower case (formatResourceName), or `<none>`. */
export function controllerOf(obj: KubeObject): string {
  const ref = obj.metadata?.ownerReferences?.find((r) => r.controller === true);
  if (!ref) return '<none>';
  const group = groupOf(ref.apiVersion ?? '');
  const kind = ref.kind ?? '';
  if (group === '' && kind === '') return ref.name ?? '';
  return `${(group ? `${kind}.${group}` : kind).toLowerCase()}/${ref.name ?? ''}`;
}

/** The cells of one controller revision: NAME, CONTROLLER, REVISION, AGE. */
export function controllerRevisionCells(obj: KubeObject, now: number): unknown[] {
  return [nameOf(obj), controllerOf(obj), (obj.revision as number | undefined) ?? 0, age(obj, now)];
}

export const controllerRevisionPrinter: TableConvertor = {
  columns: controllerRevisionColumns,
  cells: controllerRevisionCells,
  emptyRowsAsArray: true,
};
