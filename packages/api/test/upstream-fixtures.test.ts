// k8s.io/api's own round-trip fixtures (testdata/HEAD/<group>.<version>.<Kind>.{pb,json,yaml},
// v0.33.13, written by Go from fully populated objects; kept in ../shared/vectors/k8s.io-api): every
// declared kind and wire type decodes from protobuf to the object Go wrote in JSON and in YAML, and
// re-encodes to Go's bytes. KAPI_API_FIXTURES names another testdata/HEAD folder.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeEnvelope, decodeMessage, encodeMessage, yamlToJson, type ProtoMessage } from '@kapi/apimachinery';
import { builtinKinds, wireTypes } from '../src/index.ts';

const here = dirname(fileURLToPath(import.meta.url));
const dir = process.env.KAPI_API_FIXTURES ?? resolve(here, '../../../../shared/vectors/k8s.io-api/testdata/HEAD');
const have = existsSync(dir);
if (!have) console.warn(`skipped: k8s.io/api testdata/HEAD is not at ${dir} (see ../shared/vectors/README.md)`);

const nameOf = (t: { group: string; version: string; kind: string }) => `${t.group === '' ? 'core' : t.group}.${t.version}.${t.kind}`;
const declared = new Map<string, ProtoMessage>();
for (const t of [...builtinKinds, ...wireTypes]) if (t.group !== 'apiextensions.k8s.io') declared.set(nameOf(t), t.proto);

/** The fixtures of GA group-versions (`v1`, `v2`): the ones every release must keep. */
const gaFixtures = have
  ? [...new Set(readdirSync(dir).map((f) => f.replace(/\.(pb|json|yaml)$/, '')))].filter((n) => /\.v[12]\.[A-Z]/.test(n)).sort()
  : [];

/** GA types kapi does not declare yet (issue 13 makes this list empty). */
const notYet = [
  'admission.k8s.io.v1.AdmissionReview',
  'admissionregistration.k8s.io.v1.MutatingWebhookConfiguration',
  'admissionregistration.k8s.io.v1.ValidatingAdmissionPolicy',
  'admissionregistration.k8s.io.v1.ValidatingAdmissionPolicyBinding',
  'admissionregistration.k8s.io.v1.ValidatingWebhookConfiguration',
  'apidiscovery.k8s.io.v2.APIGroupDiscovery',
  'authentication.k8s.io.v1.SelfSubjectReview',
  'authentication.k8s.io.v1.TokenRequest',
  'authentication.k8s.io.v1.TokenReview',
  'authorization.k8s.io.v1.LocalSubjectAccessReview',
  'authorization.k8s.io.v1.SelfSubjectAccessReview',
  'authorization.k8s.io.v1.SelfSubjectRulesReview',
  'authorization.k8s.io.v1.SubjectAccessReview',
  'autoscaling.v1.HorizontalPodAutoscaler',
  'autoscaling.v2.HorizontalPodAutoscaler',
  'certificates.k8s.io.v1.CertificateSigningRequest',
  'core.v1.APIGroup',
  'core.v1.APIVersions',
  'core.v1.Binding',
  'core.v1.ComponentStatus',
  'core.v1.CreateOptions',
  'core.v1.DeleteOptions',
  'core.v1.GetOptions',
  'core.v1.LimitRange',
  'core.v1.ListOptions',
  'core.v1.NodeProxyOptions',
  'core.v1.PatchOptions',
  'core.v1.PersistentVolume',
  'core.v1.PersistentVolumeClaim',
  'core.v1.PodAttachOptions',
  'core.v1.PodExecOptions',
  'core.v1.PodLogOptions',
  'core.v1.PodPortForwardOptions',
  'core.v1.PodProxyOptions',
  'core.v1.PodStatusResult',
  'core.v1.PodTemplate',
  'core.v1.RangeAllocation',
  'core.v1.ReplicationController',
  'core.v1.ResourceQuota',
  'core.v1.SerializedReference',
  'core.v1.ServiceProxyOptions',
  'core.v1.Status',
  'core.v1.UpdateOptions',
  'core.v1.WatchEvent',
  'discovery.k8s.io.v1.EndpointSlice',
  'events.k8s.io.v1.Event',
  'flowcontrol.apiserver.k8s.io.v1.FlowSchema',
  'flowcontrol.apiserver.k8s.io.v1.PriorityLevelConfiguration',
  'networking.k8s.io.v1.IPAddress',
  'networking.k8s.io.v1.Ingress',
  'networking.k8s.io.v1.ServiceCIDR',
  'node.k8s.io.v1.RuntimeClass',
  'policy.v1.Eviction',
  'policy.v1.PodDisruptionBudget',
  'storage.k8s.io.v1.CSIDriver',
  'storage.k8s.io.v1.CSINode',
  'storage.k8s.io.v1.CSIStorageCapacity',
  'storage.k8s.io.v1.StorageClass',
  'storage.k8s.io.v1.VolumeAttachment',
];

describe.skipIf(!have)('k8s.io/api GA fixtures', () => {
  it('has 84 GA types, each declared by kapi or listed as not yet declared', () => {
    expect(gaFixtures).toHaveLength(84);
    const missing = gaFixtures.filter((n) => !declared.has(n));
    expect(missing).toEqual(notYet.filter((n) => !declared.has(n)));
    // A type that became declared must leave the list.
    expect(notYet.filter((n) => declared.has(n))).toEqual([]);
    console.info(`k8s.io/api GA fixtures: ${gaFixtures.length - missing.length} of ${gaFixtures.length} types declared; not yet: ${missing.join(', ')}`);
  });
});

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const cases = have ? [...declared].filter(([n]) => existsSync(join(dir, `${n}.pb`))) : [];

describe.skipIf(!have).each(cases)('%s: Go\'s fixture', (name, proto) => {
  const read = (ext: string) => readFileSync(join(dir, `${name}.${ext}`));
  const decoded = () => {
    const env = decodeEnvelope(new Uint8Array(read('pb')));
    return { env, obj: { apiVersion: env.apiVersion, kind: env.kind, ...decodeMessage(proto, env.raw) } };
  };

  it('decodes to the JSON Go wrote for the same object', () => {
    expect(decoded().obj).toEqual(JSON.parse(read('json').toString('utf8')));
  });

  it('decodes to the YAML Go wrote for the same object', () => {
    expect(decoded().obj).toEqual(yamlToJson(read('yaml').toString('utf8')));
  });

  it('re-encodes to the bytes Go wrote', () => {
    const { env } = decoded();
    expect(hex(encodeMessage(proto, decodeMessage(proto, env.raw)))).toBe(hex(env.raw));
  });
});
