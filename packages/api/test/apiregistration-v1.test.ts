// apiregistration.k8s.io/v1 APIService as kube-aggregator v0.33 declares, defaults and validates it
// (pkg/apis/apiregistration/v1 types.go + generated.proto + defaults.go, pkg/apis/apiregistration/validation).
import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage, fieldErrorString, type FieldError } from '@kapi/apimachinery';
import { APIService, apiServiceKind, validateAPIServiceStatusUpdate } from '../src/apiregistration/v1/index.ts';
import { builtinKinds } from '../src/index.ts';
import { checkUpstreamTable, type UpstreamTable } from './upstream-table.ts';

const msgs = (errs: FieldError[]) => errs.map(fieldErrorString);
const id = (n: string) => `io.k8s.kube-aggregator.pkg.apis.apiregistration.v1.${n}`;

describe('declarations', () => {
  const table: UpstreamTable = {
    [id('APIService')]: [
      ['metadata', 1],
      ['spec', 2],
      ['status', 3],
    ],
    [id('APIServiceSpec')]: [
      ['service', 1, 'ptr'],
      ['group', 2],
      ['version', 3],
      ['insecureSkipTLSVerify', 4],
      ['caBundle', 5, 'list:atomic'],
      ['groupPriorityMinimum', 7, 'req'],
      ['versionPriority', 8, 'req'],
    ],
    [id('ServiceReference')]: [
      ['namespace', 1],
      ['name', 2],
      ['port', 3, 'ptr'],
    ],
    [id('APIServiceStatus')]: [['conditions', 1, 'merge:type list:map:type']],
    [id('APIServiceCondition')]: [
      ['type', 1, 'req'],
      ['status', 2, 'req'],
      ['lastTransitionTime', 3],
      ['reason', 4],
      ['message', 5],
    ],
  };
  it('matches kube-aggregator field order, protobuf numbers, pointers and markers', () => {
    checkUpstreamTable([APIService], table);
  });
  it('declares apiservices, cluster-scoped, in the api-extensions category', () => {
    const k = builtinKinds.find((d) => d.group === 'apiregistration.k8s.io')!;
    expect([k.kind, k.resource, k.namespaced, k.shortNames, k.categories]).toEqual(['APIService', 'apiservices', false, [], ['api-extensions']]);
  });
  it('round-trips through protobuf, zero priorities kept as Go writes them', () => {
    const obj = { metadata: { name: 'v1.' }, spec: { version: 'v1', groupPriorityMinimum: 0, versionPriority: 0 } };
    // Go writes the empty status struct too.
    expect(decodeMessage(apiServiceKind.proto, encodeMessage(apiServiceKind.proto, obj))).toEqual({ ...obj, status: {} });
  });
});

const svc = (spec: Record<string, unknown>, name?: string) => {
  const s = { group: 'metrics.k8s.io', version: 'v1beta1', groupPriorityMinimum: 100, versionPriority: 100, ...spec };
  return { metadata: { name: name ?? `${s.version}.${s.group}` }, spec: s } as APIService;
};
const validate = (a: APIService) => {
  apiServiceKind.defaults(a);
  return msgs(apiServiceKind.validate(a));
};

describe('ValidateAPIService', () => {
  it('defaults the service port to 443', () => {
    const a = svc({ service: { name: 'metrics-server', namespace: 'kube-system' } });
    expect(validate(a)).toEqual([]);
    expect(a.spec!.service).toEqual({ name: 'metrics-server', namespace: 'kube-system', port: 443 });
  });
  it('accepts a local core APIService', () => expect(validate(svc({ group: '', version: 'v1', groupPriorityMinimum: 18000, versionPriority: 1 }, 'v1.'))).toEqual([]));

  const cases: [string, APIService, string[]][] = [
    ['name must be version.group', svc({}, 'metrics'), ['metadata.name: Invalid value: "metrics": must be `spec.version+"."+spec.group`: "v1beta1.metrics.k8s.io"']],
    ['name must be a path segment', svc({}, 'a/b'), ["metadata.name: Invalid value: \"a/b\": may not contain '/'"]],
    ['only v1 may have an empty group', svc({ group: '', version: 'v2' }, 'v2.'), ['spec.group: Required value: only v1 may have an empty group and it better be legacy kube']],
    [
      'group and version names',
      svc({ group: 'Metrics', version: '1' }, '1.Metrics'),
      [
        "spec.group: Invalid value: \"Metrics\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
        "spec.version: Invalid value: \"1\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
      ],
    ],
    [
      'priorities in range',
      svc({ groupPriorityMinimum: 20001, versionPriority: 0 }),
      ['spec.groupPriorityMinimum: Invalid value: 20001: must be positive and less than 20000', 'spec.versionPriority: Invalid value: 0: must be positive and less than 1000'],
    ],
    [
      'a local APIService has no caBundle nor insecureSkipTLSVerify',
      svc({ caBundle: Buffer.from('abc').toString('base64'), insecureSkipTLSVerify: true }),
      ['spec.caBundle: Invalid value: "3 bytes": local APIServices may not have a caBundle', 'spec.insecureSkipTLSVerify: Invalid value: true: local APIServices may not have insecureSkipTLSVerify'],
    ],
    [
      'a service needs a namespace, a name and a valid port; insecure excludes caBundle',
      svc({ service: { port: 0 }, caBundle: Buffer.from('abc').toString('base64'), insecureSkipTLSVerify: true }),
      [
        'spec.service.namespace: Required value',
        'spec.service.name: Required value',
        'spec.service.port: Invalid value: 0: port is not valid: must be between 1 and 65535, inclusive',
        'spec.insecureSkipTLSVerify: Invalid value: true: may not be true if caBundle is present',
      ],
    ],
  ];
  it.each(cases)('%s', (_n, a, want) => expect(validate(a)).toEqual(want));

  it('checks condition statuses on /status', () => {
    const old = svc({});
    old.metadata!.resourceVersion = '3';
    const next = { ...old, status: { conditions: [{ type: 'Available', status: 'Yes' }] } } as APIService;
    expect(msgs(validateAPIServiceStatusUpdate(next, old))).toEqual(['status.conditions[0].status: Unsupported value: "Yes": supported values: "True", "False", "Unknown"']);
  });
});
