// Behaviour of k8s.io/kubernetes pkg/registry/certificates/certificates/strategy.go (v1.33): the
// cluster-scoped CertificateSigningRequest of certificates.k8s.io/v1 (short name csr).
import { protoMessageOf } from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { CertificateSigningRequest, certificatesGroupName } from './types.ts';
import { validateCertificateSigningRequestCreate, validateCertificateSigningRequestUpdate } from './validation.ts';

export const certificateSigningRequestKind = defineKind<CertificateSigningRequest>({
  group: certificatesGroupName,
  version: 'v1',
  kind: 'CertificateSigningRequest',
  resource: 'certificatesigningrequests',
  singular: 'certificatesigningrequest',
  shortNames: ['csr'],
  namespaced: false,
  schema: CertificateSigningRequest,
  proto: protoMessageOf(CertificateSigningRequest),
  description: 'A request for an x509 certificate from a signer, approved or denied by a client.',
  validate: (csr) => validateCertificateSigningRequestCreate(csr),
  validateUpdate: (csr, old) => validateCertificateSigningRequestUpdate(csr, old),
});
