// Behaviour of k8s.io/apimachinery/pkg/util/managedfields/managedfieldstest/testfieldmanager.go and
// internal/testing/testfieldmanager.go (v0.33): a field manager with a live object, for tests.
import { readFileSync } from 'node:fs';
import { goMarshalJson, yamlToJson, type KubeObject, type ManagedFieldsEntry } from '@kapi/apimachinery';
import { newFieldManager, type FieldManager } from '../src/managedfields/field-manager.ts';
import { lastAppliedManager, lastAppliedUpdater, setLastApplied } from '../src/managedfields/last-applied.ts';
import {
  buildManagerInfoManager,
  defaultTrackOnCreateProbability,
  managedFieldsUpdater,
  skipNonAppliedManager,
  stripMetaManager,
  versionCheckManager,
  type Manager,
} from '../src/managedfields/manager.ts';
import { structuredMergeManager } from '../src/managedfields/structured-merge.ts';
import { createTypeConverter, type TypeConverter } from '../src/managedfields/type-converter.ts';

function readFixture(name: string): string {
  return readFileSync(new URL(`./fixtures/managedfields/${name}`, import.meta.url), 'utf8');
}

const converters = new Map<string, TypeConverter>();

function converterOf(file: string): TypeConverter {
  let converter = converters.get(file);
  if (converter === undefined) {
    converter = createTypeConverter((JSON.parse(readFixture(file)) as { definitions: Record<string, unknown> }).definitions);
    converters.set(file, converter);
  }
  return converter;
}

/**
 * The type converter of upstream's tests (`fakeTypeConverter`, over kubernetes' whole OpenAPI
 * document): the Kubernetes v1.27 definitions of the kinds they use (test/fixtures/managedfields/README.md).
 */
export function fakeTypeConverter(): TypeConverter {
  return converterOf('kubernetes-1.27-definitions.json');
}

/** upstream's `testTypeConverter`: apimachinery's own internal/testdata/swagger.json. */
export function testTypeConverter(): TypeConverter {
  return converterOf('swagger.json');
}

/** A YAML fixture file as text (pod.yaml, node.yaml, endpoints.yaml). */
export function objectFixture(name: string): string {
  return readFixture(name);
}

/** An object from YAML (or JSON, which upstream's tests write as YAML flow with trailing commas). */
export function yamlObject(text: string): KubeObject {
  const v = yamlToJson(text);
  return (typeof v === 'object' && v !== null && !Array.isArray(v) ? v : {}) as KubeObject;
}

/** A field manager holding a live object, as upstream's TestFieldManager. */
export interface TestFieldManager {
  /** The apiVersion of the object tracked. */
  apiVersion(): string;
  /** Resets the live object to an empty object of the kind. */
  reset(): void;
  /** A copy of the live object. */
  live(): KubeObject;
  /** Applies `obj` on the live object; throws what the field manager throws, and then keeps the live object. */
  apply(obj: KubeObject, manager: string, force: boolean): void;
  /** Records an update of the live object to `obj`; throws like {@link apply}. */
  update(obj: KubeObject, manager: string): void;
  /** The live object's managedFields (undefined when it has none, as Go's nil). */
  managedFields(): ManagedFieldsEntry[] | undefined;
}

/**
 * A TestFieldManager of one kind (NewTestFieldManagerImpl): kube's default chain without the
 * CapManagers layer (its tests add it with a small cap), and `wrap` around the whole chain.
 */
export function newTestFieldManager(
  typeConverter: TypeConverter,
  apiVersion: string,
  kind: string,
  subresource = '',
  wrap?: (m: Manager) => Manager,
): TestFieldManager {
  const emptyObject = (v: string, k: string): KubeObject => ({ apiVersion: v, kind: k });
  let chain: Manager = versionCheckManager(
    lastAppliedUpdater(
      lastAppliedManager(
        skipNonAppliedManager(
          buildManagerInfoManager(managedFieldsUpdater(stripMetaManager(structuredMergeManager({ typeConverter, apiVersion }))), apiVersion, subresource),
          emptyObject,
          defaultTrackOnCreateProbability,
        ),
        typeConverter,
        apiVersion,
      ),
    ),
    apiVersion,
    kind,
  );
  if (wrap) chain = wrap(chain);
  const fieldManager: FieldManager = newFieldManager(chain, subresource);
  const empty = emptyObject(apiVersion, kind);
  let liveObj: KubeObject = structuredClone(empty);
  return {
    apiVersion: () => apiVersion,
    reset() {
      liveObj = structuredClone(empty);
    },
    live: () => structuredClone(liveObj),
    apply(obj, manager, force) {
      liveObj = fieldManager.apply(liveObj, obj, manager, force);
    },
    update(obj, manager) {
      liveObj = fieldManager.update(liveObj, obj, manager);
    },
    managedFields: () => liveObj.metadata?.managedFields,
  };
}

/** The error `fn` throws (upstream's returned error), or undefined. */
export function errorOf(fn: () => void): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return undefined;
}

/** Sets the last-applied annotation from YAML, as client-side apply records it (setLastAppliedFromEncoded). */
export function setLastAppliedFromEncoded(obj: KubeObject, lastApplied: string): void {
  // yaml → unstructured → UnstructuredJSONScheme: Go's JSON with sorted keys and a newline.
  setLastApplied(obj, `${goMarshalJson(yamlObject(lastApplied))}\n`);
}

/** The last-applied annotation of an object; throws when it has none (getLastApplied). */
export function getLastApplied(obj: KubeObject): string {
  const annotations = obj.metadata?.annotations;
  if (annotations === undefined) throw new Error(`no annotations on obj: ${JSON.stringify(obj)}`);
  const v = annotations['kubectl.kubernetes.io/last-applied-configuration'];
  if (v === undefined) throw new Error(`expected last applied annotation, but got none for object: ${JSON.stringify(obj)}`);
  return v;
}

/**
 * apimachinery's equality.Semantic.DeepDerivative on unstructured values: every value `a` sets is in
 * `b`; empty maps, lists and strings and nulls in `a` match anything, a list of `a` is a prefix of `b`'s.
 */
export function deepDerivative(a: unknown, b: unknown): boolean {
  if (a === null || a === undefined) return true;
  if (Array.isArray(a)) {
    if (a.length === 0) return true;
    if (!Array.isArray(b) || a.length > b.length) return false;
    return a.every((x, i) => deepDerivative(x, b[i]));
  }
  if (typeof a === 'object') {
    const entries = Object.entries(a as Record<string, unknown>);
    if (entries.length === 0) return true;
    if (typeof b !== 'object' || b === null || Array.isArray(b)) return false;
    const bm = b as Record<string, unknown>;
    if (entries.length > Object.keys(bm).length) return false;
    return entries.every(([k, v]) => k in bm && deepDerivative(v, bm[k]));
  }
  if (typeof a === 'string') return a === '' || a === b;
  return a === b;
}
