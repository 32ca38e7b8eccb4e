// Behaviour of k8s.io/api admission/v1 types.go + generated.proto (v0.33.13): AdmissionReview, the
// body kube-apiserver POSTs to admission webhooks and the body they answer with.
import { field, struct, types } from '@kapi/apimachinery';
import { typeMetaField } from '../../meta-fields.ts';
import { GroupVersionKind, GroupVersionResource, Status } from '../../meta/v1/wire.ts';
import { UserInfo } from '../../authentication/v1/types.ts';

const admissionV1 = (name: string, description: string, kind = false) => ({
  id: `io.k8s.api.admission.v1.${name}`,
  protoName: `k8s.io.api.admission.v1.${name}`,
  description,
  ...(kind ? { gvk: { group: 'admission.k8s.io', version: 'v1', kind: name } } : {}),
});

export const AdmissionRequest = struct(admissionV1('AdmissionRequest', 'The attributes of an admission request.'), {
  uid: field(1, types.string(), { description: 'Identifies this admission call.', required: true, default: '' }),
  kind: field(2, GroupVersionKind, { description: 'The kind of the object submitted.', required: true }),
  resource: field(3, GroupVersionResource, { description: 'The resource requested.', required: true }),
  subResource: field(4, types.string(), { description: 'The subresource requested, if any.' }),
  requestKind: field(13, GroupVersionKind, { description: 'The kind of the original request, before conversion.', pointer: true }),
  requestResource: field(14, GroupVersionResource, { description: 'The resource of the original request.', pointer: true }),
  requestSubResource: field(15, types.string(), { description: 'The subresource of the original request.' }),
  name: field(5, types.string(), { description: 'The name of the object.' }),
  namespace: field(6, types.string(), { description: 'The namespace of the object.' }),
  operation: field(7, types.string(), { description: 'CREATE, UPDATE, DELETE or CONNECT.', required: true, default: '' }),
  userInfo: field(8, UserInfo, { description: 'The requesting user.', required: true }),
  object: field(9, types.rawExtension(), { description: 'The object from the incoming request.' }),
  oldObject: field(10, types.rawExtension(), { description: 'The existing object.' }),
  dryRun: field(11, types.bool(), { description: 'Whether the request is a dry run.', pointer: true }),
  options: field(12, types.rawExtension(), { description: 'The options of the operation.' }),
});

export const AdmissionResponse = struct(admissionV1('AdmissionResponse', 'The answer of an admission webhook.'), {
  uid: field(1, types.string(), { description: 'The uid of the request.', required: true, default: '' }),
  allowed: field(2, types.bool(), { description: 'Whether the request is admitted.', required: true }),
  status: field(3, Status, { description: 'Why the request was not admitted.', pointer: true }),
  patch: field(4, types.bytes(), { description: 'A JSON patch to apply to the object.' }),
  patchType: field(5, types.string(), { description: 'The type of the patch: JSONPatch.', pointer: true }),
  auditAnnotations: field(6, types.map(types.string()), { description: 'Annotations for the audit record.' }),
  warnings: field(7, types.list(types.string()), { description: 'Warnings for the client.', listType: 'atomic' }),
});

export const AdmissionReview = struct(admissionV1('AdmissionReview', 'An admission request and its response.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  request: field(1, AdmissionRequest, { description: 'The request.', pointer: true }),
  response: field(2, AdmissionResponse, { description: 'The response.', pointer: true }),
});
