// kube's status controller tests as data: naming_controller_test.go TestSync, apihelpers
// helpers_test.go (TestSetCRDCondition, TestRemoveCRDCondition, TestIsCRDConditionPresentAndEqual),
// nonstructuralschema_controller_test.go Test_calculateCondition; and the establishing
// controller, the Terminating conditions, storedVersions and one reconcile pass, with kube's
// reasons and messages.
import { describe, expect, it } from 'vitest';
import type { CustomResourceDefinition, CustomResourceDefinitionCondition, CustomResourceDefinitionNames, CustomResourceDefinitionStatus, JSONSchemaProps } from '@kapi/api';
import {
  calculateNamesAndConditions,
  establishingCondition,
  findCrdCondition,
  isCrdConditionEquivalent,
  isCrdConditionFalse,
  isCrdConditionPresentAndEqual,
  isCrdConditionTrue,
  nonStructuralSchemaCondition,
  reconcileCrdStatus,
  removeCrdCondition,
  setCrdCondition,
  storedVersionsAfter,
  terminatingCondition,
  terminatingConditions,
} from '../src/index.ts';

type Names = [plural: string, singular: string, kind: string, listKind: string, ...shortNames: string[]];

/** names() of the Go test: Go's JSON form (plural and kind always, the rest when not empty). */
function names(...[plural, singular, kind, listKind, ...shortNames]: Names): CustomResourceDefinitionNames {
  return { plural, ...(singular ? { singular } : {}), ...(shortNames.length ? { shortNames } : {}), kind, ...(listKind ? { listKind } : {}) };
}

/** newCRD(name).SpecNames(…).StatusNames(…).Condition(…) of the Go test. */
function newCRD(name: string, o: { spec?: Names; status?: Names; conditions?: CustomResourceDefinitionCondition[] } = {}): CustomResourceDefinition {
  const [plural, group] = [name.slice(0, name.indexOf('.')), name.slice(name.indexOf('.') + 1)];
  return {
    metadata: { name },
    spec: { group, names: o.spec ? names(...o.spec) : { plural }, scope: 'Cluster', versions: [] },
    status: { acceptedNames: o.status ? names(...o.status) : {}, ...(o.conditions ? { conditions: o.conditions } : {}) },
  };
}

const accepted = { type: 'NamesAccepted', status: 'True', reason: 'NoConflicts', message: 'no conflicts found' };
const notAccepted = { type: 'NamesAccepted', status: 'False', reason: 'NotAccepted', message: 'not all names are accepted' };
const installing = { type: 'Established', status: 'False', reason: 'Installing', message: 'the initial names have been accepted' };
const notEstablished = { type: 'Established', status: 'False', reason: 'NotAccepted', message: 'not all names are accepted' };
const conflict = (reason: string, message: string) => ({ type: 'NamesAccepted', status: 'False', reason, message });

const full: Names = ['alfa', 'delta-singular', 'echo-kind', 'foxtrot-listkind', 'golf-shortname-1', 'hotel-shortname-2'];
const other: Names = ['zulu', 'yankee-singular', 'xray-kind', 'whiskey-listkind', 'victor-shortname-1', 'uniform-shortname-2'];

const namingCases: {
  name: string;
  in: CustomResourceDefinition;
  existing: CustomResourceDefinition[];
  names: CustomResourceDefinitionNames;
  namesAccepted: CustomResourceDefinitionCondition;
  established: CustomResourceDefinitionCondition;
}[] = [
  { name: 'first resource', in: newCRD('alfa.bravo.com'), existing: [], names: names('alfa', '', '', ''), namesAccepted: accepted, established: installing },
  {
    name: 'different groups',
    in: newCRD('alfa.bravo.com', { spec: full }),
    existing: [newCRD('alfa.charlie.com', { status: full })],
    names: names(...full),
    namesAccepted: accepted,
    established: installing,
  },
  {
    name: 'conflict plural to singular',
    in: newCRD('alfa.bravo.com', { spec: full }),
    existing: [newCRD('india.bravo.com', { status: ['india', 'alfa', '', ''] })],
    names: names('', 'delta-singular', 'echo-kind', 'foxtrot-listkind', 'golf-shortname-1', 'hotel-shortname-2'),
    namesAccepted: conflict('PluralConflict', '"alfa" is already in use'),
    established: notEstablished,
  },
  {
    name: 'conflict singular to shortName',
    in: newCRD('alfa.bravo.com', { spec: full }),
    existing: [newCRD('india.bravo.com', { status: ['india', 'indias', '', '', 'delta-singular'] })],
    names: names('alfa', '', 'echo-kind', 'foxtrot-listkind', 'golf-shortname-1', 'hotel-shortname-2'),
    namesAccepted: conflict('SingularConflict', '"delta-singular" is already in use'),
    established: notEstablished,
  },
  {
    name: 'conflict on shortName to shortName',
    in: newCRD('alfa.bravo.com', { spec: full }),
    existing: [newCRD('india.bravo.com', { status: ['india', 'indias', '', '', 'hotel-shortname-2'] })],
    names: names('alfa', 'delta-singular', 'echo-kind', 'foxtrot-listkind'),
    namesAccepted: conflict('ShortNamesConflict', '"hotel-shortname-2" is already in use'),
    established: notEstablished,
  },
  {
    name: 'conflict on kind to listkind',
    in: newCRD('alfa.bravo.com', { spec: full }),
    existing: [newCRD('india.bravo.com', { status: ['india', 'indias', '', 'echo-kind'] })],
    names: names('alfa', 'delta-singular', '', 'foxtrot-listkind', 'golf-shortname-1', 'hotel-shortname-2'),
    namesAccepted: conflict('KindConflict', '"echo-kind" is already in use'),
    established: notEstablished,
  },
  {
    name: 'conflict on listkind to kind',
    in: newCRD('alfa.bravo.com', { spec: full }),
    existing: [newCRD('india.bravo.com', { status: ['india', 'indias', 'foxtrot-listkind', ''] })],
    names: names('alfa', 'delta-singular', 'echo-kind', '', 'golf-shortname-1', 'hotel-shortname-2'),
    namesAccepted: conflict('ListKindConflict', '"foxtrot-listkind" is already in use'),
    established: notEstablished,
  },
  {
    name: 'no conflict on resource and kind',
    in: newCRD('alfa.bravo.com', { spec: full }),
    existing: [newCRD('india.bravo.com', { status: ['india', 'echo-kind', '', ''] })],
    names: names(...full),
    namesAccepted: accepted,
    established: installing,
  },
  {
    name: 'merge on conflicts',
    in: newCRD('alfa.bravo.com', { spec: full, status: other }),
    existing: [newCRD('india.bravo.com', { status: ['india', 'indias', 'foxtrot-listkind', '', 'delta-singular'] })],
    names: names('alfa', 'yankee-singular', 'echo-kind', 'whiskey-listkind', 'golf-shortname-1', 'hotel-shortname-2'),
    namesAccepted: conflict('ListKindConflict', '"foxtrot-listkind" is already in use'),
    established: notEstablished,
  },
  {
    name: 'merge on conflicts shortNames as one',
    in: newCRD('alfa.bravo.com', { spec: full, status: other }),
    existing: [newCRD('india.bravo.com', { status: ['india', 'indias', 'foxtrot-listkind', '', 'delta-singular', 'golf-shortname-1'] })],
    names: names('alfa', 'yankee-singular', 'echo-kind', 'whiskey-listkind', 'victor-shortname-1', 'uniform-shortname-2'),
    namesAccepted: conflict('ListKindConflict', '"foxtrot-listkind" is already in use'),
    established: notEstablished,
  },
  {
    name: 'no conflicts on self',
    in: newCRD('alfa.bravo.com', { spec: full, status: full }),
    existing: [newCRD('alfa.bravo.com', { spec: full, status: full })],
    names: names(...full),
    namesAccepted: accepted,
    established: installing,
  },
  {
    name: 'no conflicts on self, remove shortname',
    in: newCRD('alfa.bravo.com', { spec: ['alfa', 'delta-singular', 'echo-kind', 'foxtrot-listkind', 'golf-shortname-1'], status: full }),
    existing: [newCRD('alfa.bravo.com', { spec: full, status: full })],
    names: names('alfa', 'delta-singular', 'echo-kind', 'foxtrot-listkind', 'golf-shortname-1'),
    namesAccepted: accepted,
    established: installing,
  },
  {
    name: 'installing before with true condition',
    in: newCRD('alfa.bravo.com', { conditions: [accepted] }),
    existing: [],
    names: names('alfa', '', '', ''),
    namesAccepted: accepted,
    established: installing,
  },
  {
    name: 'not installing before with false condition',
    in: newCRD('alfa.bravo.com', { conditions: [notAccepted] }),
    existing: [],
    names: names('alfa', '', '', ''),
    namesAccepted: accepted,
    established: installing,
  },
  {
    name: 'conflicting, installing before with true condition',
    in: newCRD('alfa.bravo.com', { spec: full, conditions: [accepted] }),
    existing: [newCRD('india.bravo.com', { status: ['india', 'alfa', '', ''] })],
    names: names('', 'delta-singular', 'echo-kind', 'foxtrot-listkind', 'golf-shortname-1', 'hotel-shortname-2'),
    namesAccepted: conflict('PluralConflict', '"alfa" is already in use'),
    established: notEstablished,
  },
  {
    name: 'conflicting, not installing before with false condition',
    in: newCRD('alfa.bravo.com', { spec: full, conditions: [notAccepted] }),
    existing: [newCRD('india.bravo.com', { status: ['india', 'alfa', '', ''] })],
    names: names('', 'delta-singular', 'echo-kind', 'foxtrot-listkind', 'golf-shortname-1', 'hotel-shortname-2'),
    namesAccepted: conflict('PluralConflict', '"alfa" is already in use'),
    established: notEstablished,
  },
  // Beyond kube's table: what the code it tests does in the cases the table leaves out.
  {
    name: 'an established CRD keeps Established when a new name conflicts',
    in: newCRD('alfa.bravo.com', {
      spec: ['alfa', 'delta-singular', 'echo-kind', 'foxtrot-listkind', 'india'],
      status: ['alfa', 'delta-singular', 'echo-kind', 'foxtrot-listkind'],
      conditions: [accepted, { type: 'Established', status: 'True', reason: 'InitialNamesAccepted', message: 'the initial names have been accepted' }],
    }),
    existing: [newCRD('india.bravo.com', { status: ['india', 'indias', 'India', 'IndiaList'] })],
    names: names('alfa', 'delta-singular', 'echo-kind', 'foxtrot-listkind'),
    namesAccepted: conflict('ShortNamesConflict', '"india" is already in use'),
    established: { type: 'Established', status: 'True', reason: 'InitialNamesAccepted', message: 'the initial names have been accepted' },
  },
  {
    name: 'several short names conflict: one aggregated message',
    in: newCRD('alfa.bravo.com', { spec: full }),
    existing: [newCRD('india.bravo.com', { status: ['india', 'indias', '', '', 'golf-shortname-1', 'hotel-shortname-2'] })],
    names: names('alfa', 'delta-singular', 'echo-kind', 'foxtrot-listkind'),
    namesAccepted: conflict('ShortNamesConflict', '["golf-shortname-1" is already in use, "hotel-shortname-2" is already in use]'),
    established: notEstablished,
  },
];

describe('calculateNamesAndConditions (kube naming_controller_test.go TestSync)', () => {
  for (const tc of namingCases) {
    it(tc.name, () => {
      const got = calculateNamesAndConditions(tc.in, tc.existing);
      expect(got.acceptedNames).toEqual(tc.names);
      expect(got.namesAccepted).toMatchObject(tc.namesAccepted);
      expect(isCrdConditionEquivalent(got.namesAccepted, tc.namesAccepted)).toBe(true);
      expect(isCrdConditionEquivalent(got.established, tc.established)).toBe(true);
    });
  }

  it('categories are always taken from the spec', () => {
    const crd = newCRD('alfa.bravo.com', { spec: full });
    crd.spec!.names!.categories = ['all'];
    crd.status!.acceptedNames = { plural: '', kind: '', categories: ['old'] };
    expect(calculateNamesAndConditions(crd, [newCRD('india.bravo.com', { status: ['india', 'alfa', '', ''] })]).acceptedNames.categories).toEqual(['all']);
  });
});

const t = (day: number, month = 1) => `2018-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T00:00:00Z`;
const now = new Date('2026-11-26T05:00:00.250Z');
const nowText = '2026-11-26T05:00:00Z';
const establishedTrue = { type: 'Established', status: 'True', reason: 'Accepted', message: 'the initial names have been accepted', lastTransitionTime: t(1) };
const namesTrue = { type: 'NamesAccepted', status: 'True', reason: 'NoConflicts', message: 'no conflicts found', lastTransitionTime: t(1) };

describe('setCrdCondition (kube helpers_test.go TestSetCRDCondition)', () => {
  // kube's table; its expected times are those SetCRDCondition writes (now on a status change or
  // a new condition, the old time otherwise): the time on the new condition is ignored.
  const cases: { name: string; conditions: CustomResourceDefinitionCondition[]; set: CustomResourceDefinitionCondition; want: CustomResourceDefinitionCondition[] }[] = [
    {
      name: 'test setCRDcondition when one condition',
      conditions: [establishedTrue],
      set: { type: 'Established', status: 'False', reason: 'NotAccepted', message: 'Not accepted', lastTransitionTime: t(2) },
      want: [{ type: 'Established', status: 'False', reason: 'NotAccepted', message: 'Not accepted', lastTransitionTime: nowText }],
    },
    {
      name: 'test setCRDcondition when two condition',
      conditions: [establishedTrue, namesTrue],
      set: { type: 'NamesAccepted', status: 'False', reason: 'Conflicts', message: 'conflicts found', lastTransitionTime: t(2) },
      want: [establishedTrue, { type: 'NamesAccepted', status: 'False', reason: 'Conflicts', message: 'conflicts found', lastTransitionTime: nowText }],
    },
    {
      name: 'test setCRDcondition when condition needs to be appended',
      conditions: [establishedTrue],
      set: { type: 'Terminating', status: 'False', reason: 'Neverapiextensionsv1.Established', message: 'resource was never apiextensionsv1.Established', lastTransitionTime: t(1, 2) },
      want: [establishedTrue, { type: 'Terminating', status: 'False', reason: 'Neverapiextensionsv1.Established', message: 'resource was never apiextensionsv1.Established', lastTransitionTime: nowText }],
    },
    {
      name: "set new condition which doesn't have lastTransitionTime set",
      conditions: [establishedTrue],
      set: { type: 'Established', status: 'False', reason: 'NotAccepted', message: 'Not accepted' },
      want: [{ type: 'Established', status: 'False', reason: 'NotAccepted', message: 'Not accepted', lastTransitionTime: nowText }],
    },
    {
      name: "append new condition which doesn't have lastTransitionTime set",
      conditions: [establishedTrue],
      set: { type: 'Terminating', status: 'False', reason: 'Neverapiextensionsv1.Established', message: 'resource was never apiextensionsv1.Established' },
      want: [establishedTrue, { type: 'Terminating', status: 'False', reason: 'Neverapiextensionsv1.Established', message: 'resource was never apiextensionsv1.Established', lastTransitionTime: nowText }],
    },
    // The lastTransitionTime rule the table does not reach.
    {
      name: 'same status, new reason and message: the time stays',
      conditions: [establishedTrue],
      set: { type: 'Established', status: 'True', reason: 'InitialNamesAccepted', message: 'changed' },
      want: [{ type: 'Established', status: 'True', reason: 'InitialNamesAccepted', message: 'changed', lastTransitionTime: t(1) }],
    },
    {
      name: 'same status but no time yet: the time is set',
      conditions: [{ type: 'Established', status: 'True', reason: 'Accepted', message: 'm', lastTransitionTime: null }],
      set: { type: 'Established', status: 'True', reason: 'Accepted', message: 'm' },
      want: [{ type: 'Established', status: 'True', reason: 'Accepted', message: 'm', lastTransitionTime: nowText }],
    },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      const status: CustomResourceDefinitionStatus = { acceptedNames: { plural: 'plural', kind: 'kind' }, conditions: tc.conditions };
      const before = structuredClone(status);
      const got = setCrdCondition(status, tc.set, now);
      expect(got.conditions).toEqual(tc.want);
      expect(got.acceptedNames).toEqual(status.acceptedNames);
      expect(status).toEqual(before);
    });
  }

  it('an absent status gets the condition', () => {
    expect(setCrdCondition(undefined, { type: 'Established', status: 'True' }, now)).toEqual({ conditions: [{ type: 'Established', status: 'True', lastTransitionTime: nowText }] });
  });
});

describe('removeCrdCondition (kube TestRemoveCRDCondition)', () => {
  it('test remove CRDCondition when the conditionType meets', () => {
    expect(removeCrdCondition({ conditions: [establishedTrue, namesTrue] }, 'NamesAccepted').conditions).toEqual([establishedTrue]);
  });
  it('test remove CRDCondition when the conditionType not meets', () => {
    expect(removeCrdCondition({ conditions: [establishedTrue, namesTrue] }, 'Terminating').conditions).toEqual([establishedTrue, namesTrue]);
  });
});

describe('isCrdConditionPresentAndEqual (kube TestIsCRDConditionPresentAndEqual)', () => {
  const status = { conditions: [establishedTrue, namesTrue] };
  for (const [name, type, want, result] of [
    ['test CRDCondition is not Present', 'Terminating', 'True', false],
    ['test CRDCondition is Present but not Equal', 'Established', 'False', false],
    ['test CRDCondition is Present and Equal', 'NamesAccepted', 'True', true],
  ] as const) {
    it(name, () => expect(isCrdConditionPresentAndEqual(status, type, want)).toBe(result));
  }
  it('true, false and find', () => {
    expect(isCrdConditionTrue(status, 'Established')).toBe(true);
    expect(isCrdConditionFalse(status, 'Established')).toBe(false);
    expect(isCrdConditionFalse({ conditions: [{ type: 'Established', status: 'False' }] }, 'Established')).toBe(true);
    expect(findCrdCondition(status, 'NamesAccepted')).toBe(namesTrue);
    expect(findCrdCondition(undefined, 'NamesAccepted')).toBeUndefined();
  });
});

const webhookCert = `-----BEGIN CERTIFICATE-----
MIIBeDCCAR+gAwIBAgIUfU1yLLLBx5NqC76fN9xmknorcUwwCgYIKoZIzj0EAwIw
EjEQMA4GA1UEAwwHd2ViaG9vazAeFw0yNjExMjYwNTAzMzRaFw0zNjExMjMwNTAz
MzRaMBIxEDAOBgNVBAMMB3dlYmhvb2swWTATBgcqhkjOPQIBBggqhkjOPQMBBwNC
AAR8pK5B84nquo3eP4QtavGG8whYHzG7zkMwo9wRv0ERZ38QOlPAKcvEdnTPneaI
0eebmi1bgVIA7evjlYAvWscyo1MwUTAdBgNVHQ4EFgQUgwlymUPQ+pMbnE/urMEh
5+65h/kwHwYDVR0jBBgwFoAUgwlymUPQ+pMbnE/urMEh5+65h/kwDwYDVR0TAQH/
BAUwAwEB/zAKBggqhkjOPQQDAgNHADBEAiBCVyyyg95R0WP2IjzrFb93r2Qc/smD
z4vKe9pEGz9P7QIgYTgfqFa5oto5nGUQEyXSQTlUmqSLjPbEiOWbHXocULQ=
-----END CERTIFICATE-----
`;
const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('establishingCondition (establishing_controller.go sync)', () => {
  const initial = { type: 'Established', status: 'True', reason: 'InitialNamesAccepted', message: 'the initial names have been accepted' };
  const invalid = { type: 'Established', status: 'False', reason: 'InvalidCABundle', message: 'The conversion webhook CABundle is invalid' };
  const withConversion = (caBundle: string | undefined) => {
    const crd = newCRD('alfa.bravo.com', { conditions: [accepted, installing] });
    crd.spec!.conversion = { strategy: 'Webhook', webhook: { conversionReviewVersions: ['v1'], clientConfig: { url: 'https://127.0.0.1/convert', ...(caBundle !== undefined ? { caBundle } : {}) } } };
    return crd;
  };
  const cases: [string, CustomResourceDefinition, CustomResourceDefinitionCondition | undefined][] = [
    ['names accepted, not established: established', newCRD('alfa.bravo.com', { conditions: [accepted, installing] }), initial],
    ['names accepted, no Established yet', newCRD('alfa.bravo.com', { conditions: [accepted] }), initial],
    ['names not accepted: nothing', newCRD('alfa.bravo.com', { conditions: [notAccepted, notEstablished] }), undefined],
    ['no conditions: nothing', newCRD('alfa.bravo.com'), undefined],
    ['already established: nothing', newCRD('alfa.bravo.com', { conditions: [accepted, initial] }), undefined],
    ['webhook without caBundle (system roots)', withConversion(undefined), initial],
    ['webhook with a certificate', withConversion(b64(webhookCert)), initial],
    ['webhook with bytes that are no PEM', withConversion(b64('not a certificate')), invalid],
    ['webhook with a PEM block that is no certificate', withConversion(b64(webhookCert.replaceAll('CERTIFICATE', 'PUBLIC KEY'))), invalid],
    ['webhook with a CERTIFICATE block that does not parse', withConversion(b64('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n')), invalid],
  ];
  for (const [name, crd, want] of cases) it(name, () => expect(establishingCondition(crd)).toEqual(want));
});

const version = (name: string, schema: JSONSchemaProps | undefined, storage = false) => ({ name, served: true, storage, ...(schema ? { schema: { openAPIV3Schema: schema } } : {}) });
const crdWith = (versions: ReturnType<typeof version>[], preserveUnknownFields = false): CustomResourceDefinition => {
  const crd = newCRD('alfa.bravo.com');
  crd.spec = { ...crd.spec!, versions, ...(preserveUnknownFields ? { preserveUnknownFields } : {}) };
  return crd;
};

describe('nonStructuralSchemaCondition (kube Test_calculateCondition and the controller)', () => {
  const structural: JSONSchemaProps = { type: 'object', properties: { spec: { type: 'object', properties: { replicas: { type: 'integer' } } } } };
  const untyped: JSONSchemaProps = { type: 'object', properties: { spec: { properties: { replicas: { type: 'integer' } } } } };
  const cases: [string, CustomResourceDefinition, CustomResourceDefinitionCondition | undefined][] = [
    ['preserve unknown fields is false', crdWith([]), undefined],
    [
      'preserve unknown fields is true',
      crdWith([], true),
      { type: 'NonStructuralSchema', status: 'True', reason: 'Violations', message: 'spec.preserveUnknownFields: Invalid value: true: must be false' },
    ],
    ['structural schemas, and a version without one', crdWith([version('v1', structural, true), version('v2', undefined)]), undefined],
    [
      'a field without a type',
      crdWith([version('v1', structural), version('v2', untyped, true)]),
      {
        type: 'NonStructuralSchema',
        status: 'True',
        reason: 'Violations',
        message: 'spec.versions[1].schema.openAPIV3Schema.properties[spec].type: Required value: must not be empty for specified object fields',
      },
    ],
    [
      'violations of several versions and preserveUnknownFields, aggregated in order',
      crdWith([version('v1', untyped, true), version('v2', { type: 'object', additionalProperties: { type: 'string' } })], true),
      {
        type: 'NonStructuralSchema',
        status: 'True',
        reason: 'Violations',
        message:
          '[spec.preserveUnknownFields: Invalid value: true: must be false, ' +
          'spec.versions[0].schema.openAPIV3Schema.properties[spec].type: Required value: must not be empty for specified object fields, ' +
          'spec.versions[1].schema.openAPIV3Schema.additionalProperties: Forbidden: must not be used at the root]',
      },
    ],
    [
      'a schema that cannot be read as structural',
      crdWith([version('v1', structural, true), version('v2', { type: 'object', $ref: '#/definitions/x' } as JSONSchemaProps)], true),
      {
        type: 'NonStructuralSchema',
        status: 'Unknown',
        reason: 'StructuralError',
        message: "failed to check validation schema for version v2: OpenAPIV3Schema '$ref' is not supported",
      },
    ],
  ];
  for (const [name, crd, want] of cases) it(name, () => expect(nonStructuralSchemaCondition(crd)).toEqual(want));
});

describe('Terminating', () => {
  const deleting = (finalizers: string[]) => {
    const crd = newCRD('alfa.bravo.com');
    crd.metadata = { ...crd.metadata, deletionTimestamp: t(3), finalizers };
    return crd;
  };
  it('nothing without a deletionTimestamp', () => expect(terminatingCondition(newCRD('alfa.bravo.com'))).toBeUndefined());
  it('the cleanup finalizer starts: InstanceDeletionInProgress', () =>
    expect(terminatingCondition(deleting(['customresourcecleanup.apiextensions.k8s.io']))).toEqual({
      type: 'Terminating',
      status: 'True',
      reason: 'InstanceDeletionInProgress',
      message: 'CustomResource deletion is in progress',
    }));
  it('nothing once the cleanup finalizer is gone', () => expect(terminatingCondition(deleting(['other']))).toBeUndefined());
  it("kube's reasons and messages", () => {
    expect(terminatingConditions.deletionPending).toEqual({
      type: 'Terminating',
      status: 'True',
      reason: 'InstanceDeletionPending',
      message: 'CustomResourceDefinition marked for deletion; CustomResource deletion will begin soon',
    });
    expect(terminatingConditions.neverEstablished).toMatchObject({ status: 'False', reason: 'NeverEstablished', message: 'resource was never established' });
    expect(terminatingConditions.deletionCompleted).toMatchObject({ status: 'False', reason: 'InstanceDeletionCompleted', message: 'removed all instances' });
    expect(terminatingConditions.listFailed('boom')).toMatchObject({ status: 'True', reason: 'InstanceDeletionFailed', message: 'could not list instances: boom' });
    expect(terminatingConditions.deleteFailed('boom')).toMatchObject({ reason: 'InstanceDeletionFailed', message: 'could not issue all deletes: boom' });
    expect(terminatingConditions.checkFailed('boom')).toMatchObject({ reason: 'InstanceDeletionCheck', message: 'could not confirm zero CustomResources remaining: boom' });
  });
});

describe('storedVersionsAfter (strategy.go PrepareForCreate/PrepareForUpdate)', () => {
  const cases: [string, string[] | undefined, ReturnType<typeof version>[], string[]][] = [
    ['create: the storage version', undefined, [version('v1', undefined), version('v2', undefined, true)], ['v2']],
    ['update to a new storage version: appended', ['v1'], [version('v1', undefined), version('v2', undefined, true)], ['v1', 'v2']],
    ['the storage version already stored: unchanged', ['v2', 'v1'], [version('v1', undefined, true)], ['v2', 'v1']],
    ['no storage version: unchanged', ['v1'], [version('v1', undefined)], ['v1']],
  ];
  for (const [name, stored, versions, want] of cases) {
    it(name, () => {
      const crd = crdWith(versions);
      if (stored) crd.status = { ...crd.status, storedVersions: stored };
      expect(storedVersionsAfter(crd)).toEqual(want);
    });
  }
});

describe('reconcileCrdStatus (one pass of the controllers)', () => {
  const later = new Date('2026-11-27T00:00:00Z');
  const fresh = () => {
    const crd = crdWith([version('v1', { type: 'object' }, true)]);
    crd.spec!.names = { plural: 'alfa', singular: 'alfa', kind: 'Alfa', listKind: 'AlfaList' };
    return crd;
  };

  it('a new CRD: names accepted and established, then nothing changes', () => {
    const crd = fresh();
    const status = reconcileCrdStatus(crd, [crd], now);
    expect(status.acceptedNames).toEqual({ plural: 'alfa', singular: 'alfa', kind: 'Alfa', listKind: 'AlfaList' });
    expect(status.conditions).toEqual([
      { ...accepted, lastTransitionTime: nowText },
      { type: 'Established', status: 'True', reason: 'InitialNamesAccepted', message: 'the initial names have been accepted', lastTransitionTime: nowText },
    ]);
    const again = { ...crd, status };
    expect(reconcileCrdStatus(again, [again], later)).toEqual(status);
  });

  it('a CRD whose plural and singular are taken: not accepted (the last conflict reported), not established', () => {
    const crd = fresh();
    const status = reconcileCrdStatus(crd, [crd, newCRD('india.bravo.com', { status: ['india', 'alfa', 'India', 'IndiaList'] })], now);
    expect(status.acceptedNames).toEqual({ plural: '', kind: 'Alfa', listKind: 'AlfaList' });
    expect(status.conditions).toEqual([
      { ...conflict('SingularConflict', '"alfa" is already in use'), lastTransitionTime: nowText },
      { ...notEstablished, lastTransitionTime: nowText },
    ]);
  });

  it('the name is released: accepted and established on the next pass, with new times', () => {
    const crd = fresh();
    const blocked = { ...crd, status: reconcileCrdStatus(crd, [crd, newCRD('india.bravo.com', { status: ['india', 'alfa', '', ''] })], now) };
    const status = reconcileCrdStatus(blocked, [blocked], later);
    expect(findCrdCondition(status, 'NamesAccepted')).toEqual({ ...accepted, lastTransitionTime: '2026-11-27T00:00:00Z' });
    expect(findCrdCondition(status, 'Established')).toMatchObject({ status: 'True', reason: 'InitialNamesAccepted', lastTransitionTime: '2026-11-27T00:00:00Z' });
  });

  it('NonStructuralSchema is set, kept, and removed once the schema is structural', () => {
    const crd = fresh();
    crd.spec!.versions = [version('v1', { type: 'object', properties: { spec: {} } }, true)];
    const status = reconcileCrdStatus(crd, [crd], now);
    const cond = {
      type: 'NonStructuralSchema',
      status: 'True',
      reason: 'Violations',
      message: 'spec.versions[0].schema.openAPIV3Schema.properties[spec].type: Required value: must not be empty for specified object fields',
      lastTransitionTime: nowText,
    };
    expect(findCrdCondition(status, 'NonStructuralSchema')).toEqual(cond);
    expect(findCrdCondition(reconcileCrdStatus({ ...crd, status }, [crd], later), 'NonStructuralSchema')).toEqual(cond);
    crd.spec!.versions = [version('v1', { type: 'object' }, true)];
    expect(findCrdCondition(reconcileCrdStatus({ ...crd, status }, [crd], later), 'NonStructuralSchema')).toBeUndefined();
  });

  it('a deleted CRD with the cleanup finalizer is Terminating, and stays established', () => {
    const crd = fresh();
    const status = reconcileCrdStatus(crd, [crd], now);
    const deleting = { ...crd, metadata: { ...crd.metadata, deletionTimestamp: nowText, finalizers: ['customresourcecleanup.apiextensions.k8s.io'] }, status };
    const after = reconcileCrdStatus(deleting, [deleting], later);
    expect(findCrdCondition(after, 'Terminating')).toEqual({ ...terminatingConditions.deletionInProgress, lastTransitionTime: '2026-11-27T00:00:00Z' });
    expect(isCrdConditionTrue(after, 'Established')).toBe(true);
  });
});
