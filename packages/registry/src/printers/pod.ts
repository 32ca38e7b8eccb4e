// Behaviour of k8s.io/kubernetes/pkg/printers/internalversion/printers.go printPod (v1.33): the
// pod table of `kubectl get pods`, with kube's STATUS reason and RESTARTS logic.
import { humanDuration, objectMetaCreationTimestampDescription, type KubeObject, type TableRow } from '@kapi/apimachinery';
import { age, type TableConvertor } from '../table-convertor.ts';
import { column, nameColumn, nameOf, timeOf, type ContainerJson } from './format.ts';

interface ContainerStateJson {
  waiting?: { reason?: string } | null;
  running?: object | null;
  terminated?: { reason?: string; exitCode?: number; signal?: number; finishedAt?: string | null } | null;
}

interface ContainerStatusJson {
  name?: string;
  ready?: boolean;
  started?: boolean | null;
  restartCount?: number;
  state?: ContainerStateJson;
  lastState?: ContainerStateJson;
}

interface PodConditionJson {
  type?: string;
  status?: string;
  reason?: string;
}

interface PodJson extends KubeObject {
  spec?: {
    initContainers?: ContainerJson[] | null;
    containers?: ContainerJson[] | null;
    nodeName?: string;
    readinessGates?: { conditionType?: string }[] | null;
  };
  status?: {
    phase?: string;
    reason?: string;
    nominatedNodeName?: string;
    podIPs?: { ip?: string }[] | null;
    conditions?: PodConditionJson[] | null;
    initContainerStatuses?: ContainerStatusJson[] | null;
    containerStatuses?: ContainerStatusJson[] | null;
  };
}

// node.NodeUnreachablePodReason: the reason the node lifecycle controller gives pods of a lost node.
const nodeUnreachablePodReason = 'NodeLost';

/** The pod table's columns; the last four are `-o wide` (priority 1). */
export const podColumns = [
  nameColumn,
  column('Ready', 'string', 'The aggregate readiness state of this pod for accepting traffic.'),
  column('Status', 'string', 'The aggregate status of the containers in this pod.'),
  column('Restarts', 'string', 'The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.'),
  column('Age', 'string', objectMetaCreationTimestampDescription),
  column('IP', 'string', 'The first IP address allocated to the pod.', 1),
  column('Node', 'string', 'The node the pod is scheduled onto.', 1),
  column('Nominated Node', 'string', 'The node the scheduler nominated for the pod while preempting lower-priority pods.', 1),
  column('Readiness Gates', 'string', 'How many of the pod readiness gates have their condition True.', 1),
] as const;

/** A sidecar: an init container with `restartPolicy: Always` (podutil.IsRestartableInitContainer). */
function isRestartable(container: ContainerJson | undefined): boolean {
  return container?.restartPolicy === 'Always';
}

/** The later of a running maximum and the `finishedAt` of a status's last termination. */
function laterRestart(current: number | undefined, status: ContainerStatusJson): number | undefined {
  const terminated = status.lastState?.terminated;
  if (!terminated) return current;
  const finished = timeOf(terminated.finishedAt);
  if (finished === undefined) return current;
  return current === undefined || current < finished ? finished : current;
}

function conditionTrue(conditions: readonly PodConditionJson[], type: string): boolean {
  // isPodInitializedConditionTrue looks at the first condition of the type only.
  const first = conditions.find((c) => c.type === type);
  return first?.status === 'True';
}

function hasPodReadyCondition(conditions: readonly PodConditionJson[]): boolean {
  return conditions.some((c) => c.type === 'Ready' && c.status === 'True');
}

/** The cells of one pod: NAME, READY, STATUS, RESTARTS, AGE, IP, NODE, NOMINATED NODE, READINESS GATES. */
export function podCells(obj: KubeObject, now: number): unknown[] {
  const pod = obj as PodJson;
  const spec = pod.spec ?? {};
  const status = pod.status ?? {};
  const conditions = status.conditions ?? [];
  const initContainerSpecs = spec.initContainers ?? [];

  let restarts = 0;
  let sidecarRestarts = 0;
  let totalContainers = (spec.containers ?? []).length;
  let readyContainers = 0;
  let lastRestart: number | undefined;
  let lastSidecarRestart: number | undefined;

  const phase = status.phase ?? '';
  let reason = status.reason ? status.reason : phase;
  for (const c of conditions) {
    if (c.type === 'PodScheduled' && c.reason === 'SchedulingGated') reason = 'SchedulingGated';
  }

  const initContainers = new Map<string, ContainerJson>();
  for (const c of initContainerSpecs) {
    initContainers.set(c.name ?? '', c);
    if (isRestartable(c)) totalContainers++;
  }

  let initializing = false;
  const initStatuses = status.initContainerStatuses ?? [];
  for (let i = 0; i < initStatuses.length; i++) {
    const c = initStatuses[i]!;
    restarts += c.restartCount ?? 0;
    lastRestart = laterRestart(lastRestart, c);
    const sidecar = isRestartable(initContainers.get(c.name ?? ''));
    if (sidecar) {
      sidecarRestarts += c.restartCount ?? 0;
      lastSidecarRestart = laterRestart(lastSidecarRestart, c);
    }
    const terminated = c.state?.terminated;
    const waiting = c.state?.waiting;
    if (terminated && (terminated.exitCode ?? 0) === 0) continue;
    if (sidecar && c.started === true) {
      if (c.ready) readyContainers++;
      continue;
    }
    if (terminated) {
      // Initialization failed.
      if (terminated.reason) reason = `Init:${terminated.reason}`;
      else if ((terminated.signal ?? 0) !== 0) reason = `Init:Signal:${terminated.signal}`;
      else reason = `Init:ExitCode:${terminated.exitCode ?? 0}`;
    } else if (waiting?.reason && waiting.reason !== 'PodInitializing') {
      reason = `Init:${waiting.reason}`;
    } else {
      reason = `Init:${i}/${initContainerSpecs.length}`;
    }
    initializing = true;
    break;
  }

  if (!initializing || conditionTrue(conditions, 'Initialized')) {
    restarts = sidecarRestarts;
    lastRestart = lastSidecarRestart;
    let hasRunning = false;
    const statuses = status.containerStatuses ?? [];
    for (let i = statuses.length - 1; i >= 0; i--) {
      const c = statuses[i]!;
      restarts += c.restartCount ?? 0;
      lastRestart = laterRestart(lastRestart, c);
      const waiting = c.state?.waiting;
      const terminated = c.state?.terminated;
      if (waiting?.reason) {
        reason = waiting.reason;
      } else if (terminated?.reason) {
        reason = terminated.reason;
      } else if (terminated) {
        reason = (terminated.signal ?? 0) !== 0 ? `Signal:${terminated.signal}` : `ExitCode:${terminated.exitCode ?? 0}`;
      } else if (c.ready && c.state?.running != null) {
        hasRunning = true;
        readyContainers++;
      }
    }
    // A pod whose last container completed while another still runs is not Completed.
    if (reason === 'Completed' && hasRunning) reason = hasPodReadyCondition(conditions) ? 'Running' : 'NotReady';
  }

  const deleting = obj.metadata?.deletionTimestamp != null;
  if (deleting && status.reason === nodeUnreachablePodReason) {
    reason = 'Unknown';
  } else if (deleting && phase !== 'Succeeded' && phase !== 'Failed') {
    reason = 'Terminating';
  }

  let restartsCell = String(restarts);
  if (restarts !== 0 && lastRestart !== undefined) restartsCell = `${restarts} (${humanDuration(now - lastRestart)} ago)`;

  const podIP = status.podIPs?.[0]?.ip || '<none>';
  const nodeName = spec.nodeName || '<none>';
  const nominatedNodeName = status.nominatedNodeName || '<none>';
  let readinessGates = '<none>';
  const gates = spec.readinessGates ?? [];
  if (gates.length > 0) {
    let trueConditions = 0;
    for (const gate of gates) {
      const condition = conditions.find((c) => c.type === gate.conditionType);
      if (condition?.status === 'True') trueConditions++;
    }
    readinessGates = `${trueConditions}/${gates.length}`;
  }

  return [nameOf(obj), `${readyContainers}/${totalContainers}`, reason, restartsCell, age(obj, now), podIP, nodeName, nominatedNodeName, readinessGates];
}

/** The row conditions kube sets on a pod's row: Completed=True once the pod Succeeded or Failed. */
export function podRowConditions(obj: KubeObject): TableRow['conditions'] {
  switch ((obj as PodJson).status?.phase) {
    case 'Succeeded':
      return [{ type: 'Completed', status: 'True', reason: 'Succeeded', message: 'The pod has completed successfully.' }];
    case 'Failed':
      return [{ type: 'Completed', status: 'True', reason: 'Failed', message: 'The pod failed.' }];
    default:
      return undefined;
  }
}

/** The printer of `pods`. */
export const podPrinter: TableConvertor = {
  columns: podColumns,
  cells: podCells,
  rowConditions: podRowConditions,
  emptyRowsAsArray: true,
};
