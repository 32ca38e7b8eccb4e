// The CRDs of cert-manager, the Gateway API and prometheus-operator (apps/apiserver/test/fixtures/crds,
// sources in its README): every version's schema is structural with valid defaults, its printer
// columns parse, and the sample custom resources beside them are pruned, defaulted and validated as
// each sample's `# expect:` comments say kube answers.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { JSONSchemaProps } from '@kapi/api';
import { fieldErrorString, splitYamlDocuments, yamlToJson } from '@kapi/apimachinery';
import {
  applyDefaults,
  coerceEmbeddedResources,
  newSchemaValidator,
  newStructural,
  prune,
  pruneNonNullableNullsWithoutDefaults,
  validateCustomResourceContent,
  validateDefaults,
  validateStructural,
  type CelValidator,
  type Structural,
} from '../src/index.ts';
import { createCustomResourceTableConvertor, printerColumnsOf, type PrinterColumn } from '../src/table-convertor.ts';

/** The samples (kapi's, with what kube answers for each) live in the repository. */
const root = new URL('../../../apps/apiserver/test/fixtures/crds/', import.meta.url);
/**
 * The projects' CRD manifests, as released (see the fixtures' README): read from
 * ../shared/vectors/crds/<project>/ or the folder KAPI_CRD_FIXTURES names; without them the
 * suite is skipped visibly.
 */
const crdRoot = process.env.KAPI_CRD_FIXTURES
  ? pathToFileURL(`${process.env.KAPI_CRD_FIXTURES.replace(/\/$/, '')}/`)
  : new URL('../../../../shared/vectors/crds/', import.meta.url);
const haveCrds = existsSync(crdRoot);
if (!haveCrds) console.warn(`skipped: the CRD manifests of the fixtures are not at ${fileURLToPath(crdRoot)} (see apps/apiserver/test/fixtures/crds/README.md)`);
const projects = ['cert-manager', 'gateway-api', 'prometheus-operator'];

interface CrdVersion {
  name: string;
  served: boolean;
  storage: boolean;
  schema?: { openAPIV3Schema?: JSONSchemaProps };
  additionalPrinterColumns?: PrinterColumn[];
}
interface Crd {
  kind: string;
  metadata: { name: string };
  spec: { group: string; names: { kind: string }; versions: CrdVersion[] };
}

const read = (project: string, file: string) => readFileSync(new URL(`${project}/${file}`, root), 'utf8');
const crdsOf = (project: string): Crd[] =>
  readdirSync(new URL(`${project}/`, crdRoot))
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .flatMap((f) => splitYamlDocuments(readFileSync(new URL(`${project}/${f}`, crdRoot), 'utf8')).map((d) => yamlToJson(d) as Crd));

/** The samples of a project: each document's object and its `# expect:` lines. */
function samplesOf(project: string): { obj: Record<string, unknown>; expect: string[] }[] {
  return splitYamlDocuments(read(project, 'samples.yaml'))
    .map((doc) => ({
      obj: yamlToJson(doc) as Record<string, unknown> | null,
      expect: [...doc.matchAll(/^# expect: (.*)$/gm)].map((m) => m[1]!),
    }))
    .filter((s): s is { obj: Record<string, unknown>; expect: string[] } => s.obj !== null);
}

/** The time Table cells are computed at (an `Age` of samples created an hour before is `60m`). */
const now = Date.parse('2025-01-01T01:00:00Z');

/** The values `after` has where `before` has nothing: the paths defaulting filled in, with their values. */
function added(before: unknown, after: unknown, path = ''): string[] {
  if (Array.isArray(after) && Array.isArray(before)) return after.flatMap((v, i) => added(before[i], v, `${path}[${i}]`));
  if (after === null || typeof after !== 'object' || Array.isArray(after)) return [];
  if (before === null || typeof before !== 'object') return [];
  return Object.entries(after).flatMap(([k, v]) => {
    const p = path === '' ? k : `${path}.${k}`;
    return k in before ? added((before as Record<string, unknown>)[k], v, p) : [`${p} = ${JSON.stringify(v)}`];
  });
}

/**
 * CEL rules as passing: kube has a CEL validator exactly when the schema has rules, and then reports
 * blocking errors (required, type, enum, …) by one more cause instead of evaluating them.
 */
const passingCel: CelValidator = () => [];

/** kube's order on create (customresource_handler.go, strategy.go): prune, prune nulls, coerce metadata, default, validate. */
function create(obj: Record<string, unknown>, schema: JSONSchemaProps, s: Structural) {
  const hasRules = JSON.stringify(schema).includes('"x-kubernetes-validations"');
  const pruned = prune(obj, s, { isResourceRoot: true, trackUnknownFieldPaths: true });
  pruneNonNullableNullsWithoutDefaults(obj, s);
  const coerced = coerceEmbeddedResources(undefined, obj, s, false);
  applyDefaults(obj, s);
  const errors = validateCustomResourceContent(obj, { validator: newSchemaValidator(schema), structural: s, ...(hasRules ? { cel: passingCel } : {}) });
  return { pruned, errors: [...(coerced.error ? [coerced.error] : []), ...errors].map(fieldErrorString) };
}

for (const project of projects) {
  describe.skipIf(!haveCrds)(project, () => {
    const crds = haveCrds ? crdsOf(project) : [];
    const versions = new Map<string, CrdVersion>(crds.flatMap((crd) => crd.spec.versions.map((v) => [`${crd.spec.group}/${v.name}/${crd.spec.names.kind}`, v] as const)));

    for (const crd of crds) {
      for (const v of crd.spec.versions) {
        it(`${crd.metadata.name} ${v.name}: structural, defaults valid and pruned, printer columns parse`, () => {
          expect(crd.kind).toBe('CustomResourceDefinition');
          const schema = v.schema?.openAPIV3Schema;
          expect(schema).toBeDefined();
          const s = newStructural(schema!);
          expect(validateStructural(undefined, s).map(fieldErrorString)).toEqual([]);
          expect(validateDefaults(undefined, s, true, true).map(fieldErrorString)).toEqual([]);
          const { convertor, error } = createCustomResourceTableConvertor(printerColumnsOf(v));
          expect(error).toBeUndefined();
          expect(convertor.columns.length).toBe(1 + printerColumnsOf(v).length);
        });
      }
    }

    for (const { obj, expect: expected } of samplesOf(project)) {
      const name = `${obj.kind as string} ${(obj.metadata as { name: string }).name}`;
      it(`sample ${name}: ${expected.map((e) => e.split(' ')[0]).join(', ')}`, () => {
        expect(expected.length, 'a sample says what kube answers').toBeGreaterThan(0);
        const version = versions.get(`${obj.apiVersion as string}/${obj.kind as string}`);
        expect(version, `a CRD version serving ${obj.apiVersion as string} ${obj.kind as string}`).toBeDefined();
        const schema = version!.schema!.openAPIV3Schema!;
        const before = structuredClone(obj);
        const { pruned, errors } = create(obj, schema, newStructural(schema));
        const lines = (kind: string) => expected.filter((e) => e.startsWith(`${kind} `)).map((e) => e.slice(kind.length + 1));
        expect(errors.sort()).toEqual(lines('error').sort());
        expect(pruned).toEqual(lines('pruned').sort());
        const defaults = lines('default').map((d) => {
          const [path, json] = d.split(' = ') as [string, string];
          return `${path} = ${JSON.stringify(JSON.parse(json))}`;
        });
        expect(added(before, obj).sort()).toEqual(defaults.sort());
        // The row of the served Table.
        const { convertor } = createCustomResourceTableConvertor(printerColumnsOf(version!));
        const cells = convertor.cells(obj, now);
        expect(cells).toHaveLength(convertor.columns.length);
        for (const c of lines('cells')) expect(cells).toEqual(JSON.parse(c));
      });
    }
  });
}
