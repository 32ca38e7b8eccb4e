// Behaviour of k8s.io/kubernetes/pkg/printers/internalversion/printers.go printNode (v1.33): the node
// table of `kubectl get nodes`.
import type { KubeObject } from '@kapi/apimachinery';
import { age, type TableConvertor } from '../table-convertor.ts';
import { ageColumn, column, compareStrings, nameColumn, nameOf } from './format.ts';

interface NodeJson extends KubeObject {
  spec?: { unschedulable?: boolean };
  status?: {
    conditions?: { type?: string; status?: string }[] | null;
    addresses?: { type?: string; address?: string }[] | null;
    nodeInfo?: { kubeletVersion?: string; osImage?: string; kernelVersion?: string; containerRuntimeVersion?: string };
  };
}

// Role labels: `node-role.kubernetes.io/<role>` (any value) and `kubernetes.io/role=<role>`.
const labelNodeRolePrefix = 'node-role.kubernetes.io/';
const nodeLabelRole = 'kubernetes.io/role';

export const nodeColumns = [
  nameColumn,
  column('Status', 'string', 'The status of the node'),
  column('Roles', 'string', 'The roles of the node'),
  ageColumn,
  column('Version', 'string', 'The kubelet version the node reports.'),
  column('Internal-IP', 'string', 'The first internal IP address of the node.', 1),
  column('External-IP', 'string', 'The first external IP address of the node.', 1),
  column('OS-Image', 'string', 'The operating system image the node reports.', 1),
  column('Kernel-Version', 'string', 'The kernel version the node reports.', 1),
  column('Container-Runtime', 'string', 'The container runtime and version the node reports.', 1),
] as const;

/** findNodeRoles: the distinct roles from the role labels, sorted. */
export function nodeRoles(obj: KubeObject): string[] {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(obj.metadata?.labels ?? {})) {
    if (k.startsWith(labelNodeRolePrefix)) {
      const role = k.slice(labelNodeRolePrefix.length);
      if (role) roles.add(role);
    } else if (k === nodeLabelRole && v !== '') {
      roles.add(v);
    }
  }
  return [...roles].sort(compareStrings);
}

function nodeAddress(node: NodeJson, type: string): string {
  return node.status?.addresses?.find((a) => a.type === type)?.address ?? '<none>';
}

/** The cells of one node: NAME, STATUS, ROLES, AGE, VERSION, INTERNAL-IP, EXTERNAL-IP, OS-IMAGE, KERNEL-VERSION, CONTAINER-RUNTIME. */
export function nodeCells(obj: KubeObject, now: number): unknown[] {
  const node = obj as NodeJson;
  // Only Ready counts; the last Ready condition wins, as in kube's map of conditions by type.
  const ready = (node.status?.conditions ?? []).filter((c) => c.type === 'Ready').at(-1);
  const status: string[] = [];
  if (ready) status.push(ready.status === 'True' ? 'Ready' : 'NotReady');
  else status.push('Unknown');
  if (node.spec?.unschedulable) status.push('SchedulingDisabled');
  const roles = nodeRoles(obj).join(',') || '<none>';
  const info = node.status?.nodeInfo ?? {};
  return [
    nameOf(obj),
    status.join(','),
    roles,
    age(obj, now),
    info.kubeletVersion ?? '',
    nodeAddress(node, 'InternalIP'),
    nodeAddress(node, 'ExternalIP'),
    info.osImage || '<unknown>',
    info.kernelVersion || '<unknown>',
    info.containerRuntimeVersion || '<unknown>',
  ];
}

export const nodePrinter: TableConvertor = { columns: nodeColumns, cells: nodeCells, emptyRowsAsArray: true };
