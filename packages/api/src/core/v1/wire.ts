// Behaviour of k8s.io/api core/v1 types.go + generated.proto (v0.33.13): the core/v1 types that
// travel on the wire without being stored as themselves: the options of the connect subresources
// (log, exec, attach, portforward, proxy), PodStatusResult, RangeAllocation (the allocator state
// kube-apiserver keeps under /registry/ranges) and SerializedReference.
import { ObjectMeta, field, struct, types } from '@kapi/apimachinery';
import { coreV1, typeMetaField } from '../../meta-fields.ts';
import { PodStatus } from './pod-status.ts';
import { ObjectReference } from './references.ts';

const typeMeta = { apiVersion: typeMetaField.apiVersion, kind: typeMetaField.kind };
const path = () => field(1, types.string(), { description: 'The URL path to use for the proxied request.' });

export const NodeProxyOptions = struct(coreV1('NodeProxyOptions', 'The query options of a node proxy call.', true), { ...typeMeta, path: path() });
export const PodProxyOptions = struct(coreV1('PodProxyOptions', 'The query options of a pod proxy call.', true), { ...typeMeta, path: path() });
export const ServiceProxyOptions = struct(coreV1('ServiceProxyOptions', 'The query options of a service proxy call.', true), { ...typeMeta, path: path() });

const streams = {
  stdin: field(1, types.bool(), { description: 'Pass stdin to the container.' }),
  stdout: field(2, types.bool(), { description: 'Pass the container\'s stdout back.' }),
  stderr: field(3, types.bool(), { description: 'Pass the container\'s stderr back.' }),
  tty: field(4, types.bool(), { description: 'Allocate a TTY.' }),
  container: field(5, types.string(), { description: 'The container; may be omitted when the pod has one.' }),
};

export const PodAttachOptions = struct(coreV1('PodAttachOptions', 'The query options of a pod attach call.', true), { ...typeMeta, ...streams });

export const PodExecOptions = struct(coreV1('PodExecOptions', 'The query options of a pod exec call.', true), {
  ...typeMeta,
  ...streams,
  command: field(6, types.list(types.string()), { description: 'The command to run.', required: true, listType: 'atomic' }),
});

export const PodLogOptions = struct(coreV1('PodLogOptions', 'The query options of a pod logs call.', true), {
  ...typeMeta,
  container: field(1, types.string(), { description: 'The container whose logs to stream.' }),
  follow: field(2, types.bool(), { description: 'Follow the log stream.' }),
  previous: field(3, types.bool(), { description: 'The logs of the previous, terminated container.' }),
  sinceSeconds: field(4, types.int64(), { description: 'Only logs newer than this many seconds.', pointer: true }),
  sinceTime: field(5, types.time(), { description: 'Only logs after this time.', pointer: true }),
  timestamps: field(6, types.bool(), { description: 'Prefix each line with an RFC3339 timestamp.' }),
  tailLines: field(7, types.int64(), { description: 'The number of lines from the end of the log to show.', pointer: true }),
  limitBytes: field(8, types.int64(), { description: 'The most bytes to return.', pointer: true }),
  insecureSkipTLSVerifyBackend: field(9, types.bool(), { description: 'Do not verify the kubelet\'s serving certificate.' }),
  stream: field(10, types.string(), { description: 'All, Stdout or Stderr.', pointer: true }),
});

export const PodPortForwardOptions = struct(coreV1('PodPortForwardOptions', 'The query options of a pod port-forward call.', true), {
  ...typeMeta,
  ports: field(1, types.list(types.int32()), { description: 'The ports to forward.', listType: 'atomic' }),
});

export const PodStatusResult = struct(coreV1('PodStatusResult', 'A wrapper for PodStatus returned by kubelet that can be encoded/decoded.', true), {
  ...typeMeta,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  status: field(2, PodStatus, { description: 'The most recently observed status of the pod.' }),
});

export const RangeAllocation = struct(coreV1('RangeAllocation', 'The state of an allocator over a range (Service IPs or node ports).', true), {
  ...typeMeta,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  range: field(2, types.string(), { description: 'The range the allocations are within.', required: true, default: '' }),
  data: field(3, types.bytes(), { description: 'A bit array of the allocations within the range.', required: true }),
});

export const SerializedReference = struct(coreV1('SerializedReference', 'A reference to an object, as an annotation holds it.', true), {
  ...typeMeta,
  reference: field(1, ObjectReference, { description: 'The reference to an object in the system.' }),
});
