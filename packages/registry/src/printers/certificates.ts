// Behaviour of k8s.io/kubernetes/pkg/printers/internalversion/printers.go printCertificateSigningRequest
// and extractCSRStatus (v1.33).
import { humanDuration, type KubeObject } from '@kapi/apimachinery';
import { age, type TableConvertor } from '../table-convertor.ts';
import { ageColumn, column, nameColumn, nameOf } from './format.ts';

/** extractCSRStatus: Denied, else Approved, else Pending; then `,Failed` and `,Issued`. */
export function csrCondition(obj: KubeObject): string {
  const status = (obj.status ?? {}) as { conditions?: { type?: string }[]; certificate?: string };
  const types = new Set((status.conditions ?? []).map((c) => c.type));
  let s = types.has('Denied') ? 'Denied' : types.has('Approved') ? 'Approved' : 'Pending';
  if (types.has('Failed')) s += ',Failed';
  if ((status.certificate ?? '') !== '') s += ',Issued';
  return s;
}

/** The printer of `certificatesigningrequests`: NAME, AGE, SIGNERNAME, REQUESTOR, REQUESTEDDURATION, CONDITION. */
export const certificateSigningRequestPrinter: TableConvertor = {
  columns: [
    nameColumn,
    ageColumn,
    column('SignerName', 'string', "Requested signer for the request. It is a qualified name in the form: `scope-hostname.io/name`. If empty, it will be defaulted:\n 1. If it's a kubelet client certificate, it is assigned\n    \"kubernetes.io/kube-apiserver-client-kubelet\".\n 2. If it's a kubelet serving certificate, it is assigned\n    \"kubernetes.io/kubelet-serving\".\n 3. Otherwise, it is assigned \"kubernetes.io/legacy-unknown\".\nDistribution of trust for signers happens out of band. You can select on this field using `spec.signerName`."),
    column('Requestor', 'string', 'Base64-encoded PKCS#10 CSR data'),
    column(
      'RequestedDuration',
      'string',
      "expirationSeconds is the requested duration of validity of the issued certificate. The certificate signer may issue a certificate with a different validity duration so a client must check the delta between the notBefore and and notAfter fields in the issued certificate to determine the actual duration.\n\nThe v1.22+ in-tree implementations of the well-known Kubernetes signers will honor this field as long as the requested duration is not greater than the maximum duration they will honor per the --cluster-signing-duration CLI flag to the Kubernetes controller manager.\n\nCertificate signers may not honor this field for various reasons:\n\n  1. Old signer that is unaware of the field (such as the in-tree\n     implementations prior to v1.22)\n  2. Signer whose configured maximum is shorter than the requested duration\n  3. Signer whose configured minimum is longer than the requested duration\n\nThe minimum valid value for expirationSeconds is 600, i.e. 10 minutes.",
    ),
    column('Condition', 'string', 'Conditions applied to the request, such as approval or denial.'),
  ],
  cells: (obj: KubeObject, now) => {
    const spec = (obj.spec ?? {}) as { signerName?: string; username?: string; expirationSeconds?: number };
    const signerName = (spec.signerName ?? '') !== '' ? spec.signerName! : '<none>';
    const requested = spec.expirationSeconds !== undefined ? humanDuration(spec.expirationSeconds * 1000) : '<none>';
    return [nameOf(obj), age(obj, now), signerName, spec.username ?? '', requested, csrCondition(obj)];
  },
  emptyRowsAsArray: true,
};
