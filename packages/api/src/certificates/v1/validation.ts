// Behaviour of k8s.io/kubernetes pkg/apis/certificates/validation/validation.go and
// pkg/apis/core/validation ValidateSignerName (v1.33): CertificateSigningRequest rules for create,
// update, `status` and `approval`.
import {
  FieldPath,
  dns1123LabelMaxLength,
  dns1123SubdomainMaxLength,
  fieldErrors,
  isDNS1123Label,
  isDNS1123Subdomain,
  quote,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type FieldError,
} from '@kapi/apimachinery';
import { invalidGo } from '../../workloads/validation.ts';
import { checkCertificateChain, checkCertificateRequest } from './pem.ts';
import type { CertificateSigningRequest, CertificateSigningRequestCondition } from './types.ts';

/** certificates.LegacyUnknownSignerName, refused by certificates.k8s.io/v1. */
export const legacyUnknownSignerName = 'kubernetes.io/legacy-unknown';

/** The key usages kube accepts (allValidUsages), sorted as sets.String lists them. */
export const validKeyUsages = [
  'any',
  'cert sign',
  'client auth',
  'code signing',
  'content commitment',
  'crl sign',
  'data encipherment',
  'decipher only',
  'digital signature',
  'email protection',
  'encipher only',
  'ipsec end system',
  'ipsec tunnel',
  'ipsec user',
  'key agreement',
  'key encipherment',
  'microsoft sgc',
  'netscape sgc',
  'ocsp signing',
  's/mime',
  'server auth',
  'signing',
  'timestamping',
];

/** ValidateSignerName: `<fqdn>/<path>`, both parts of DNS labels/subdomains, at most 571 characters. */
export function validateSignerName(path: FieldPath, signerName: string): FieldError[] {
  if (signerName === '') return [fieldErrors.required(path, '')];
  const segments = signerName.split('/');
  if (segments.length !== 2) return [fieldErrors.invalid(path, signerName, "must be a fully qualified domain and path of the form 'example.com/signer-name'")];
  const [domain, rest] = segments as [string, string];
  const errs: FieldError[] = [];
  if (domain.length > dns1123SubdomainMaxLength) errs.push(fieldErrors.tooLong(path, '', dns1123SubdomainMaxLength));
  const domainLabels = domain.split('.');
  for (const lbl of domainLabels) {
    const e = isDNS1123Label(lbl);
    if (e.length > 0) {
      for (const m of e) errs.push(fieldErrors.invalid(path, domain, `validating label ${quote(lbl)}: ${m}`));
      break;
    }
  }
  if (domainLabels.length < 2) errs.push(fieldErrors.invalid(path, domain, 'should be a domain with at least two segments separated by dots'));
  for (const lbl of rest.split('.')) {
    const e = isDNS1123Subdomain(lbl);
    if (e.length > 0) {
      for (const m of e) errs.push(fieldErrors.invalid(path, rest, `validating label ${quote(lbl)}: ${m}`));
      break;
    }
  }
  const max = dns1123SubdomainMaxLength + (dns1123SubdomainMaxLength + dns1123LabelMaxLength + 1) + 1;
  if (signerName.length > max) errs.push(fieldErrors.tooLong(path, '', max));
  return errs;
}

interface Options {
  allowSettingApprovalConditions: boolean;
  allowSettingCertificate: boolean;
  allowBothApprovedAndDenied: boolean;
  allowResettingCertificate: boolean;
  allowLegacySignerName: boolean;
  allowDuplicateConditionTypes: boolean;
  allowEmptyConditionType: boolean;
  allowArbitraryCertificate: boolean;
  allowUnknownUsages: boolean;
  allowDuplicateUsages: boolean;
}

const bytesOf = (b64: string | undefined) => Buffer.from(b64 ?? '', 'base64');
const conditionsOf = (csr: CertificateSigningRequest | undefined) => csr?.status?.conditions ?? [];

/** getValidationOptions: what an update tolerates because the stored request already has it. */
function optionsFor(csr: CertificateSigningRequest, old: CertificateSigningRequest | undefined): Options {
  const oldConds = conditionsOf(old);
  const oldTypes = oldConds.map((c) => c.type ?? '');
  const oldUsages = old?.spec?.usages ?? [];
  return {
    allowSettingApprovalConditions: false,
    allowSettingCertificate: false,
    allowResettingCertificate: false,
    allowBothApprovedAndDenied: old !== undefined && oldTypes.includes('Approved') && oldTypes.includes('Denied'),
    allowLegacySignerName: old?.spec?.signerName === legacyUnknownSignerName,
    allowDuplicateConditionTypes: old !== undefined && new Set(oldTypes).size !== oldTypes.length,
    allowEmptyConditionType: old !== undefined && oldTypes.includes(''),
    allowArbitraryCertificate:
      old !== undefined &&
      (bytesOf(csr.status?.certificate).equals(bytesOf(old.status?.certificate)) || checkCertificateChain(bytesOf(old.status?.certificate)) !== undefined),
    allowUnknownUsages: old !== undefined && oldUsages.some((u) => !validKeyUsages.includes(u)),
    allowDuplicateUsages: old !== undefined && new Set(oldUsages).size !== oldUsages.length,
  };
}

/** `%#v` of a []byte: `[]byte{0x2d, 0x2d}`. */
const goBytes = (b: Buffer) => `[]byte{${[...b].map((x) => `0x${x.toString(16)}`).join(', ')}}`;

const trueConditionTypes = ['Approved', 'Denied', 'Failed'];

function validateConditions(path: FieldPath, csr: CertificateSigningRequest, opts: Options): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  let hasApproved = false;
  let hasDenied = false;
  conditionsOf(csr).forEach((c, i) => {
    const at = path.index(i);
    const type = c.type ?? '';
    if (!opts.allowEmptyConditionType && type === '') errs.push(fieldErrors.required(at.child('type'), ''));
    const allowed = trueConditionTypes.includes(type) ? ['True'] : ['False', 'True', 'Unknown'];
    const status = c.status ?? '';
    if (status === '') errs.push(fieldErrors.required(at.child('status'), ''));
    else if (!allowed.includes(status)) errs.push(fieldErrors.notSupported(at.child('status'), status, allowed));
    if (!opts.allowBothApprovedAndDenied) {
      if (type === 'Approved') {
        hasApproved = true;
        if (hasDenied) errs.push(fieldErrors.invalid(at.child('type'), type, 'Approved and Denied conditions are mutually exclusive'));
      } else if (type === 'Denied') {
        hasDenied = true;
        if (hasApproved) errs.push(fieldErrors.invalid(at.child('type'), type, 'Approved and Denied conditions are mutually exclusive'));
      }
    }
    if (!opts.allowDuplicateConditionTypes) {
      if (seen.has(type)) errs.push(fieldErrors.duplicate(at.child('type'), type));
      seen.add(type);
    }
  });
  return errs;
}

function validateCertificateSigningRequest(csr: CertificateSigningRequest, opts: Options): FieldError[] {
  // ValidateCertificateRequestName accepts any name.
  const errs = validateObjectMeta(csr.metadata ?? {}, { namespaced: false, nameValidator: () => [] });
  const spec = csr.spec ?? {};
  const specPath = FieldPath.of('spec');
  const request = bytesOf(spec.request);
  const why = checkCertificateRequest(request);
  if (why !== undefined) errs.push(invalidGo(specPath.child('request'), goBytes(request), why));
  const usages = spec.usages ?? [];
  if (usages.length === 0) errs.push(fieldErrors.required(specPath.child('usages'), ''));
  if (!opts.allowUnknownUsages) {
    usages.forEach((u, i) => {
      if (!validKeyUsages.includes(u)) errs.push(fieldErrors.notSupported(specPath.child('usages').index(i), u, validKeyUsages));
    });
  }
  if (!opts.allowDuplicateUsages) {
    const seen = new Set<string>();
    usages.forEach((u, i) => {
      if (seen.has(u)) errs.push(fieldErrors.duplicate(specPath.child('usages').index(i), u));
      seen.add(u);
    });
  }
  const signerName = spec.signerName ?? '';
  if (!opts.allowLegacySignerName && signerName === legacyUnknownSignerName) {
    errs.push(fieldErrors.invalid(specPath.child('signerName'), signerName, 'the legacy signerName is not allowed via this API version'));
  } else errs.push(...validateSignerName(specPath.child('signerName'), signerName));
  if (spec.expirationSeconds !== undefined && spec.expirationSeconds < 600) {
    errs.push(fieldErrors.invalid(specPath.child('expirationSeconds'), spec.expirationSeconds, 'may not specify a duration less than 600 seconds (10 minutes)'));
  }
  errs.push(...validateConditions(FieldPath.of('status', 'conditions'), csr, opts));
  if (!opts.allowArbitraryCertificate) {
    const bad = checkCertificateChain(bytesOf(csr.status?.certificate));
    if (bad !== undefined) errs.push(fieldErrors.invalid(FieldPath.of('status', 'certificate'), '<certificate data>', bad));
  }
  return errs;
}

/** ValidateCertificateSigningRequestCreate. */
export function validateCertificateSigningRequestCreate(csr: CertificateSigningRequest): FieldError[] {
  return validateCertificateSigningRequest(csr, optionsFor(csr, undefined));
}

const findConditions = (csr: CertificateSigningRequest, type: string): CertificateSigningRequestCondition[] => conditionsOf(csr).filter((c) => c.type === type);

function validateUpdate(csr: CertificateSigningRequest, old: CertificateSigningRequest, opts: Options): FieldError[] {
  const errs = validateCertificateSigningRequest(csr, opts);
  const conditionsPath = FieldPath.of('status', 'conditions');
  for (const t of ['Approved', 'Denied', 'Failed']) {
    if (findConditions(csr, t).length < findConditions(old, t).length) errs.push(fieldErrors.forbidden(conditionsPath, `updates may not remove a condition of type ${quote(t)}`));
  }
  if (!opts.allowSettingApprovalConditions) {
    for (const t of ['Approved', 'Denied']) {
      const before = findConditions(old, t);
      const after = findConditions(csr, t);
      if (after.length > before.length) errs.push(fieldErrors.forbidden(conditionsPath, `updates may not add a condition of type ${quote(t)}`));
      else if (after.length === before.length && JSON.stringify(after) !== JSON.stringify(before)) {
        // kube appends a go-cmp diff of the conditions after a newline.
        errs.push(fieldErrors.forbidden(conditionsPath, `updates may not modify a condition of type ${quote(t)}`));
      }
    }
  }
  if (!bytesOf(csr.status?.certificate).equals(bytesOf(old.status?.certificate))) {
    if (!opts.allowSettingCertificate) errs.push(fieldErrors.forbidden(FieldPath.of('status', 'certificate'), 'updates may not set certificate content'));
    else if (!opts.allowResettingCertificate && bytesOf(old.status?.certificate).length > 0) {
      errs.push(fieldErrors.forbidden(FieldPath.of('status', 'certificate'), 'updates may not modify existing certificate content'));
    }
  }
  errs.push(...validateObjectMetaUpdate(csr.metadata ?? {}, old.metadata ?? {}));
  return errs;
}

/** ValidateCertificateSigningRequestUpdate: the main resource changes metadata only. */
export function validateCertificateSigningRequestUpdate(csr: CertificateSigningRequest, old: CertificateSigningRequest): FieldError[] {
  return validateUpdate(csr, old, optionsFor(csr, old));
}

/** ValidateCertificateSigningRequestStatusUpdate: `status` may set the certificate (once). */
export function validateCertificateSigningRequestStatusUpdate(csr: CertificateSigningRequest, old: CertificateSigningRequest): FieldError[] {
  return validateUpdate(csr, old, { ...optionsFor(csr, old), allowSettingCertificate: true });
}

/** ValidateCertificateSigningRequestApprovalUpdate: `approval` may add Approved or Denied. */
export function validateCertificateSigningRequestApprovalUpdate(csr: CertificateSigningRequest, old: CertificateSigningRequest): FieldError[] {
  return validateUpdate(csr, old, { ...optionsFor(csr, old), allowSettingApprovalConditions: true });
}
