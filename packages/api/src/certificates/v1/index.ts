// certificates.k8s.io/v1: CertificateSigningRequest (with `status` and `approval`).
import type { KindDefinition } from '../../kind.ts';
import { certificateSigningRequestKind } from './kinds.ts';

export { CertificateSigningRequest, CertificateSigningRequestCondition, CertificateSigningRequestSpec, CertificateSigningRequestStatus, certificatesGroupName } from './types.ts';
export { certificateSigningRequestKind } from './kinds.ts';
export {
  legacyUnknownSignerName,
  validKeyUsages,
  validateCertificateSigningRequestApprovalUpdate,
  validateCertificateSigningRequestCreate,
  validateCertificateSigningRequestStatusUpdate,
  validateCertificateSigningRequestUpdate,
  validateSignerName,
} from './validation.ts';
export { checkCertificateChain, checkCertificateRequest } from './pem.ts';

/** The kinds of certificates.k8s.io/v1 kapi serves. */
export const certificatesV1Kinds: readonly KindDefinition[] = [certificateSigningRequestKind as KindDefinition];
