// certificates.k8s.io/v1 CertificateSigningRequest as kube-apiserver v1.33 declares and validates it
// (k8s.io/api certificates/v1 types.go + generated.proto, pkg/apis/certificates/validation/validation.go
// and its validation_test.go, pkg/apis/core/validation ValidateSignerName). The CSRs below were made
// with `openssl req -new` (EC P-256, RSA 2048, Ed25519); the certificate with `openssl req -x509`.
import { describe, expect, it } from 'vitest';
import { fieldErrorString, type FieldError } from '@kapi/apimachinery';
import {
  CertificateSigningRequest,
  certificateSigningRequestKind,
  checkCertificateChain,
  checkCertificateRequest,
  validateCertificateSigningRequestApprovalUpdate,
  validateCertificateSigningRequestStatusUpdate,
  validateSignerName,
} from '../src/certificates/v1/index.ts';
import { FieldPath } from '@kapi/apimachinery';
import { builtinKinds } from '../src/index.ts';
import { checkUpstreamTable, type UpstreamTable } from './upstream-table.ts';

const msgs = (errs: FieldError[]) => errs.map(fieldErrorString);
const id = (n: string) => `io.k8s.api.certificates.v1.${n}`;

const ecCsr = `-----BEGIN CERTIFICATE REQUEST-----
MIHYMIGAAgEAMB4xDjAMBgNVBAMMBWFsaWNlMQwwCgYDVQQKDANkZXYwWTATBgcq
hkjOPQIBBggqhkjOPQMBBwNCAAQtj8jyBGzl2LmyQdW11avNYWQUi0JaxGt08r0I
UedV57gH98RI+wDiuhbttnoifB6M/ZSouwxLbWdEuCc1q9ZaoAAwCgYIKoZIzj0E
AwIDRwAwRAIgOtoebelKqi6UVtDy1julyf7X4ZdY87hFXwzqiKn9lzMCIGYeNGON
CEFhds78u32v3/00X0HpErjnkhov+0fgFgun
-----END CERTIFICATE REQUEST-----
`;
const rsaCsr = `-----BEGIN CERTIFICATE REQUEST-----
MIICUzCCATsCAQAwDjEMMAoGA1UEAwwDYm9iMIIBIjANBgkqhkiG9w0BAQEFAAOC
AQ8AMIIBCgKCAQEA40RLNC8MpovrbDriHrlX2brdpg+b3xiiChZx9TyzycySk96C
t79hBNq084942F5kjMcTr3YZzagJM5tBUzkZSvjZLUqMw9DINuyQ2SBihxgQv2Cz
eeKJ5N06CsnrnXOT6HKTW4QoSYW6vDN6veUWZbZGselIJzTDlkCNCh83iuGNT+b4
/ioUTG8RjbUIukV2Gyg6mg4e3GhecLwSnKBN9g00SlVQqpoKA/ax29P9/xSNVDV8
HC67BK94oieMaZOY8+exVFL3tWwUay31eX0v4uWqK36D1FmRQ2w1u50Eg6vxxK1s
0Nx2iIztm4xWVJ7hqsBTW9OrudJgFo2ckH0oBQIDAQABoAAwDQYJKoZIhvcNAQEL
BQADggEBABESAXfE3Xv3SpH+j2vTyQAV0e7xOJ9uA+nRNwuokoI7ZbTXeSF2IDVa
ZRBy2+iHgTyotI9pnxBY+Les8EQh75l+UKn2cotQYCGPGme7vxqI1HjjUPq16N53
NKz3hRyZnkh6Pp5oSAAU5ifMOgOAZyEgKPHuoQLA4PxcuIUU9HkGRK9S4+Eq8uPB
B4rxjhSZ0uXIxGGaoGDrX8Rk0hcGDzzjA8G8yOTmjMrJVakq0BbyTe+/gG+OVKqN
drzeRMd6YWFx8o8N+4hVf7HOE4n+DjkXAXcfEcg9qed0UJBUpP+nLr5VPPBTzxzz
IjD66PtiKeEoO8YkMQq2CIlGFQr/69A=
-----END CERTIFICATE REQUEST-----
`;
const ed25519Csr = `-----BEGIN CERTIFICATE REQUEST-----
MIGPMEMCAQAwEDEOMAwGA1UEAwwFY2Fyb2wwKjAFBgMrZXADIQAsoHOIJgShwara
sesnaq+cGPPGEtovQLblMSthbRky7qAAMAUGAytlcANBACct4ZBkT0vk6B1yiqW5
fSBG3w9OTRcgQvyf+aLOpD61HPZgNOh8BeXsPEbnYpC+xmrQW4xGoBeZ8YCbXIIC
Dgc=
-----END CERTIFICATE REQUEST-----
`;
const certPem = `-----BEGIN CERTIFICATE-----
MIIBeDCCAR2gAwIBAgIUP3KzH1jUmjUIM8od1j5zuP8DWiwwCgYIKoZIzj0EAwIw
ETEPMA0GA1UEAwwGaXNzdWVkMB4XDTI2MTEyNjAzNTU1OFoXDTM2MTEyMzAzNTU1
OFowETEPMA0GA1UEAwwGaXNzdWVkMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE
LY/I8gRs5di5skHVtdWrzWFkFItCWsRrdPK9CFHnVee4B/fESPsA4roW7bZ6Inwe
jP2UqLsMS21nRLgnNavWWqNTMFEwHQYDVR0OBBYEFL+GBAuAtZnHZ7QiLf+Sfz6s
vccrMB8GA1UdIwQYMBaAFL+GBAuAtZnHZ7QiLf+Sfz6svccrMA8GA1UdEwEB/wQF
MAMBAf8wCgYIKoZIzj0EAwIDSQAwRgIhAIjnbEOaiDNLMUTO42N9vHRKl69KJnAj
kn9UVEsG1pp8AiEAiQUbXn/7T5ejy6qqe6gbpdWuboS9cb09w0TXiFZq+eA=
-----END CERTIFICATE-----
`;

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');

/** The EC request with the last byte of its signature changed. */
function tampered(): string {
  const body = ecCsr.split('\n').filter((l) => l !== '' && !l.startsWith('-----')).join('');
  const der = Buffer.from(body, 'base64');
  der[der.length - 1] = der[der.length - 1]! ^ 1;
  const lines = der.toString('base64').match(/.{1,64}/g)!;
  return `-----BEGIN CERTIFICATE REQUEST-----\n${lines.join('\n')}\n-----END CERTIFICATE REQUEST-----\n`;
}

describe('declarations', () => {
  const table: UpstreamTable = {
    [id('CertificateSigningRequest')]: [
      ['metadata', 1],
      ['spec', 2, 'req'],
      ['status', 3],
    ],
    [id('CertificateSigningRequestSpec')]: [
      ['request', 1, 'list:atomic req'],
      ['signerName', 7, 'req'],
      ['expirationSeconds', 8, 'ptr'],
      ['usages', 5, 'list:atomic'],
      ['username', 2],
      ['uid', 3],
      ['groups', 4, 'list:atomic'],
      ['extra', 6],
    ],
    [id('CertificateSigningRequestStatus')]: [
      ['conditions', 1, 'list:map:type'],
      ['certificate', 2, 'list:atomic'],
    ],
    [id('CertificateSigningRequestCondition')]: [
      ['type', 1, 'req'],
      ['status', 6, 'req'],
      ['reason', 2],
      ['message', 3],
      ['lastUpdateTime', 4],
      ['lastTransitionTime', 5],
    ],
  };
  it('matches k8s.io/api field order, protobuf numbers, pointers and markers', () => {
    checkUpstreamTable([CertificateSigningRequest], table);
  });
  it('declares certificatesigningrequests, cluster-scoped, short name csr', () => {
    const k = builtinKinds.find((d) => d.group === 'certificates.k8s.io')!;
    expect([k.kind, k.resource, k.namespaced, k.shortNames]).toEqual(['CertificateSigningRequest', 'certificatesigningrequests', false, ['csr']]);
  });
});

describe('ParseCSR + CheckSignature', () => {
  it.each([
    ['EC P-256', ecCsr],
    ['RSA 2048', rsaCsr],
    ['Ed25519', ed25519Csr],
  ])('accepts a %s request', (_n, pem) => expect(checkCertificateRequest(Buffer.from(pem))).toBeUndefined());
  it('refuses a bad signature, another PEM type, no PEM', () => {
    expect(checkCertificateRequest(Buffer.from(tampered()))).toBe('x509: ECDSA verification failure');
    expect(checkCertificateRequest(Buffer.from(certPem))).toBe('PEM block type must be CERTIFICATE REQUEST');
    expect(checkCertificateRequest(Buffer.from('hello'))).toBe('PEM block type must be CERTIFICATE REQUEST');
    expect(checkCertificateRequest(Buffer.from('-----BEGIN CERTIFICATE REQUEST-----\nMIIB\n-----END CERTIFICATE REQUEST-----\n'))).toBe('asn1: syntax error: data truncated');
  });
  it('checks issued certificates as kube does (validateCertificate)', () => {
    expect(checkCertificateChain(Buffer.from(certPem + certPem))).toBeUndefined();
    expect(checkCertificateChain(Buffer.from(ecCsr))).toBe('only CERTIFICATE PEM blocks are allowed, found "CERTIFICATE REQUEST"');
    expect(checkCertificateChain(Buffer.from('junk'))).toBe('must contain at least one CERTIFICATE PEM block');
    expect(checkCertificateChain(Buffer.from(certPem.replace('-----BEGIN CERTIFICATE-----\n', '-----BEGIN CERTIFICATE-----\nProc-Type: 4,ENCRYPTED\n\n')))).toBe('no PEM block headers are permitted');
  });
});

describe('ValidateSignerName', () => {
  it.each([
    ['example.com/signer-name', []],
    ['', ['spec.signerName: Required value']],
    ['example.com', ["spec.signerName: Invalid value: \"example.com\": must be a fully qualified domain and path of the form 'example.com/signer-name'"]],
    ['example/signer', ['spec.signerName: Invalid value: "example": should be a domain with at least two segments separated by dots']],
    [
      'Example.com/x',
      [
        "spec.signerName: Invalid value: \"Example.com\": validating label \"Example\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
      ],
    ],
  ] as [string, string[]][])('%s', (name, want) => expect(msgs(validateSignerName(FieldPath.of('spec', 'signerName'), name))).toEqual(want));
});

const csr = (spec: Record<string, unknown> = {}, status?: Record<string, unknown>) =>
  ({
    metadata: { name: 'alice', resourceVersion: '1' },
    spec: { request: b64(ecCsr), signerName: 'kubernetes.io/kube-apiserver-client', usages: ['client auth'], expirationSeconds: 86400, ...spec },
    ...(status ? { status } : {}),
  }) as CertificateSigningRequest;
const approved = { type: 'Approved', status: 'True', reason: 'KubectlApprove', message: 'ok', lastUpdateTime: '2026-01-01T00:00:00Z' };

describe('ValidateCertificateSigningRequestCreate', () => {
  it('accepts a request of the three kinds of key', () => {
    for (const pem of [ecCsr, rsaCsr, ed25519Csr]) expect(msgs(certificateSigningRequestKind.validate(csr({ request: b64(pem) })))).toEqual([]);
  });
  const cases: [string, Record<string, unknown>, Record<string, unknown> | undefined, string[]][] = [
    ['usages required', { usages: [] }, undefined, ['spec.usages: Required value']],
    [
      'unknown and duplicate usages',
      { usages: ['client auth', 'client auth', 'telepathy'] },
      undefined,
      [
        'spec.usages[2]: Unsupported value: "telepathy": supported values: "any", "cert sign", "client auth", "code signing", "content commitment", "crl sign", "data encipherment", "decipher only", "digital signature", "email protection", "encipher only", "ipsec end system", "ipsec tunnel", "ipsec user", "key agreement", "key encipherment", "microsoft sgc", "netscape sgc", "ocsp signing", "s/mime", "server auth", "signing", "timestamping"',
        'spec.usages[1]: Duplicate value: "client auth"',
      ],
    ],
    ['signerName required', { signerName: '' }, undefined, ['spec.signerName: Required value']],
    ['legacy signer refused', { signerName: 'kubernetes.io/legacy-unknown' }, undefined, ['spec.signerName: Invalid value: "kubernetes.io/legacy-unknown": the legacy signerName is not allowed via this API version']],
    ['expirationSeconds at least 600', { expirationSeconds: 599 }, undefined, ['spec.expirationSeconds: Invalid value: 599: may not specify a duration less than 600 seconds (10 minutes)']],
    [
      'conditions: Approved and Denied exclusive, True only, status required',
      {},
      { conditions: [approved, { type: 'Denied', status: 'False' }, { type: 'Custom', status: '' }, { type: 'Custom', status: 'Unknown' }] },
      [
        'status.conditions[1].status: Unsupported value: "False": supported values: "True"',
        'status.conditions[1].type: Invalid value: "Denied": Approved and Denied conditions are mutually exclusive',
        'status.conditions[2].status: Required value',
        'status.conditions[3].type: Duplicate value: "Custom"',
      ],
    ],
    ['certificate must be CERTIFICATE PEM blocks', {}, { certificate: b64('nope') }, ['status.certificate: Invalid value: "<certificate data>": must contain at least one CERTIFICATE PEM block']],
  ];
  it.each(cases)('%s', (_n, spec, status, want) => expect(msgs(certificateSigningRequestKind.validate(csr(spec, status)))).toEqual(want));

  it("refuses a request that is not a signed CSR, printing the bytes as Go's %#v", () => {
    const got = msgs(certificateSigningRequestKind.validate(csr({ request: b64('hi') })));
    expect(got).toEqual(['spec.request: Invalid value: []byte{0x68, 0x69}: PEM block type must be CERTIFICATE REQUEST']);
    const bad = msgs(certificateSigningRequestKind.validate(csr({ request: b64(tampered()) })));
    expect(bad[0]).toMatch(/^spec\.request: Invalid value: \[\]byte\{0x2d, 0x2d, .*\}: x509: ECDSA verification failure$/);
  });
});

describe('updates: main resource, status and approval', () => {
  it('the main resource may not add approval conditions or a certificate', () => {
    const old = csr();
    expect(msgs(certificateSigningRequestKind.validateUpdate(csr({}, { conditions: [approved], certificate: b64(certPem) }), old))).toEqual([
      'status.conditions: Forbidden: updates may not add a condition of type "Approved"',
      'status.certificate: Forbidden: updates may not set certificate content',
    ]);
  });
  it('approval may add Approved; nothing may remove it', () => {
    const old = csr();
    expect(msgs(validateCertificateSigningRequestApprovalUpdate(csr({}, { conditions: [approved] }), old))).toEqual([]);
    const was = csr({}, { conditions: [approved] });
    expect(msgs(validateCertificateSigningRequestApprovalUpdate(csr({}, { conditions: [] }), was))).toEqual(['status.conditions: Forbidden: updates may not remove a condition of type "Approved"']);
    expect(msgs(validateCertificateSigningRequestApprovalUpdate(csr({}, { conditions: [approved, { ...approved, type: 'Denied' }] }), was))).toEqual([
      'status.conditions[1].type: Invalid value: "Denied": Approved and Denied conditions are mutually exclusive',
    ]);
  });
  it('status may set the certificate once, as CERTIFICATE PEM, and may not touch approval', () => {
    const was = csr({}, { conditions: [approved] });
    expect(msgs(validateCertificateSigningRequestStatusUpdate(csr({}, { conditions: [approved], certificate: b64(certPem) }), was))).toEqual([]);
    const issued = csr({}, { conditions: [approved], certificate: b64(certPem) });
    expect(msgs(validateCertificateSigningRequestStatusUpdate(csr({}, { conditions: [approved], certificate: b64(certPem + certPem) }), issued))).toEqual([
      'status.certificate: Forbidden: updates may not modify existing certificate content',
    ]);
    expect(msgs(validateCertificateSigningRequestStatusUpdate(csr({}, { conditions: [approved], certificate: b64(ecCsr) }), was))).toEqual([
      'status.certificate: Invalid value: "<certificate data>": only CERTIFICATE PEM blocks are allowed, found "CERTIFICATE REQUEST"',
    ]);
    expect(msgs(validateCertificateSigningRequestStatusUpdate(csr({}, { conditions: [{ ...approved, type: 'Denied' }] }), was))).toEqual([
      'status.conditions: Forbidden: updates may not remove a condition of type "Approved"',
      'status.conditions: Forbidden: updates may not add a condition of type "Denied"',
    ]);
  });
});
