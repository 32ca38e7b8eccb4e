// The types of k8s.io/api certificates/v1 types.go and generated.proto (v0.33): CertificateSigningRequest.
import { z } from 'zod';
import { ObjectMeta, customType, field, struct, types } from '@kapi/apimachinery';
import { typeMetaField } from '../../meta-fields.ts';

export const certificatesGroupName = 'certificates.k8s.io';

function named(name: string, description: string, kind = false) {
  return {
    id: `io.k8s.api.certificates.v1.${name}`,
    protoName: `k8s.io.api.certificates.v1.${name}`,
    description,
    ...(kind ? { gvk: { group: certificatesGroupName, version: 'v1', kind: name } } : {}),
  };
}

/** The protobuf form of ExtraValue (a message holding the list). */
const ExtraValueWire = struct(named('ExtraValue', 'The values of one extra attribute of a user.'), {
  items: field(1, types.list(types.string())),
});

/** ExtraValue: a list of strings in JSON, a message with `items` in protobuf. */
const ExtraValue = () =>
  customType(z.array(z.string()), {
    id: 'io.k8s.api.certificates.v1.ExtraValue',
    openAPI: { type: 'array', items: { type: 'string', default: '' } },
    inlineOpenAPI: true,
    wire: () => ExtraValueWire,
    toWire: (v) => ({ items: Array.isArray(v) ? v : [] }),
    fromWire: (m) => (Array.isArray(m.items) ? m.items : []),
  });

export const CertificateSigningRequestSpec = struct(named('CertificateSigningRequestSpec', 'The certificate request and extra attributes about the requestor.'), {
  request: field(1, types.bytes(), { description: 'A PKCS#10 certificate signing request in a "CERTIFICATE REQUEST" PEM block.', required: true, listType: 'atomic' }),
  signerName: field(7, types.string(), { description: 'The requested signer, a qualified name such as kubernetes.io/kube-apiserver-client.', required: true, default: '' }),
  expirationSeconds: field(8, types.int32(), { description: 'The requested validity of the certificate, at least 600 seconds.', pointer: true }),
  usages: field(5, types.list(types.string()), { description: 'The key usages requested in the certificate, e.g. "digital signature", "key encipherment", "client auth".', listType: 'atomic' }),
  username: field(2, types.string(), { description: 'The name of the user that created the request; set by the API server.' }),
  uid: field(3, types.string(), { description: 'The uid of the user that created the request; set by the API server.' }),
  groups: field(4, types.list(types.string()), { description: 'The groups of the user that created the request; set by the API server.', listType: 'atomic' }),
  extra: field(6, types.map(ExtraValue()), { description: 'Extra attributes of the user that created the request; set by the API server.' }),
});
export type CertificateSigningRequestSpec = z.infer<typeof CertificateSigningRequestSpec>;

export const CertificateSigningRequestCondition = struct(named('CertificateSigningRequestCondition', 'A condition of a CertificateSigningRequest.'), {
  type: field(1, types.string(), { description: 'Approved, Denied or Failed (True only), or another type.', required: true, default: '' }),
  status: field(6, types.string(), { description: 'True, False or Unknown.', required: true, default: '' }),
  reason: field(2, types.string(), { description: 'A brief reason for the state of the request.' }),
  message: field(3, types.string(), { description: 'Details about the state of the request.' }),
  lastUpdateTime: field(4, types.time(), { description: 'When the condition was last updated.' }),
  lastTransitionTime: field(5, types.time(), { description: 'When the condition last changed status.' }),
});
export type CertificateSigningRequestCondition = z.infer<typeof CertificateSigningRequestCondition>;

export const CertificateSigningRequestStatus = struct(named('CertificateSigningRequestStatus', 'The approval state of a request and the certificate issued.'), {
  conditions: field(1, types.list(CertificateSigningRequestCondition), { description: 'Conditions of the request, such as Approved or Denied.', listType: 'map', listMapKeys: ['type'] }),
  certificate: field(2, types.bytes(), { description: 'The issued certificate chain as CERTIFICATE PEM blocks, set by the signer once approved.', listType: 'atomic' }),
});
export type CertificateSigningRequestStatus = z.infer<typeof CertificateSigningRequestStatus>;

export const CertificateSigningRequest = struct(named('CertificateSigningRequest', 'A request for an x509 certificate from a signer, approved or denied by a client.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, CertificateSigningRequestSpec, { description: 'The certificate request; immutable after creation.', required: true }),
  status: field(3, CertificateSigningRequestStatus, { description: 'Whether the request is approved or denied, and the issued certificate.' }),
});
export type CertificateSigningRequest = z.infer<typeof CertificateSigningRequest>;
