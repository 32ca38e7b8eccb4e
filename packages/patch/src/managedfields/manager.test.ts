// Port of k8s.io/apimachinery/pkg/util/managedfields/internal capmanagers_test.go,
// skipnonapplied_test.go and managedfieldsupdater_test.go (v0.33.9): the layers of the field
// manager, each wrapped around the test chain.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isConflict, isStatusError, type KubeObject, type ManagedFieldsEntry } from '@kapi/apimachinery';
import { deserializeFieldSet, FieldSet, makePathOrDie, serializeFieldSet, type Path } from '@kapi/structured-merge-diff';
import { errorOf, fakeTypeConverter, newTestFieldManager, yamlObject, type TestFieldManager } from '../../test/managedfields-harness.ts';
import { decodeManagedFields, encodeManagedFields, removeObjectManagedFields } from './managed.ts';
import { capManagersManager, managedFieldsUpdater, skipNonAppliedManager, type Manager } from './manager.ts';

const tc = fakeTypeConverter();
const emptyObject = (apiVersion: string, kind: string): KubeObject => ({ apiVersion, kind });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2024-05-01T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

/** Upstream sleeps to make a changed timestamp visible; the clock moves instead. */
function sleep(ms: number): void {
  vi.setSystemTime(Date.now() + ms);
}

/** apimachinery's Semantic.DeepEqual on entries: times compare as instants. */
function semanticEntries(entries: readonly ManagedFieldsEntry[] | undefined): unknown {
  return (entries ?? []).map((e) => (e.time ? { ...e, time: Date.parse(e.time) } : e));
}

/** A no-op update leaves managedFields as they are (capping included). */
function expectIdempotence(f: TestFieldManager): void {
  const before = structuredClone(f.managedFields());
  f.update(f.live(), 'no-op-update');
  expect(semanticEntries(f.managedFields()), 'expected idempotence').toStrictEqual(semanticEntries(before));
}

/** Manager `m` owns path `p`. */
function expectManagesField(f: TestFieldManager, m: string, p: Path): void {
  const entry = (f.managedFields() ?? []).find((e) => e.manager === m);
  expect(entry, `expected to find manager name ${m}`).toBeDefined();
  const set = deserializeFieldSet(entry?.fieldsV1 ?? {});
  expect(set.has(p), `expected managedFields for ${m} to contain ${String(p.map((pe) => JSON.stringify(pe)))}, got\n${set.toString()}`).toBe(true);
}

describe('capmanagers_test.go', () => {
  const withCap = (m: Manager) => capManagersManager(m, 3);

  it('TestCapManagersManagerMergesEntries', () => {
    const f = newTestFieldManager(tc, 'v1', 'Pod', '', withCap);
    const podWithLabels = (...labels: string[]): KubeObject => ({
      metadata: { labels: Object.fromEntries(labels.map((k) => [k, 'true'])) },
      kind: 'Pod',
      apiVersion: 'v1',
    });

    f.update(podWithLabels('one'), 'fieldmanager_test_update_1');
    expectIdempotence(f);
    f.update(podWithLabels('one', 'two'), 'fieldmanager_test_update_2');
    expectIdempotence(f);
    f.update(podWithLabels('one', 'two', 'three'), 'fieldmanager_test_update_3');
    expectIdempotence(f);
    f.update(podWithLabels('one', 'two', 'three', 'four'), 'fieldmanager_test_update_4');
    expectIdempotence(f);

    const managed = f.managedFields() ?? [];
    expect(managed).toHaveLength(3);
    expect(managed[0]?.manager).toBe('ancient-changes');
    expect(managed[1]?.manager).toBe('fieldmanager_test_update_3');
    expect(managed[2]?.manager).toBe('fieldmanager_test_update_4');

    expectManagesField(f, 'ancient-changes', makePathOrDie('metadata', 'labels', 'one'));
    expectManagesField(f, 'ancient-changes', makePathOrDie('metadata', 'labels', 'two'));
    expectManagesField(f, 'fieldmanager_test_update_3', makePathOrDie('metadata', 'labels', 'three'));
    expectManagesField(f, 'fieldmanager_test_update_4', makePathOrDie('metadata', 'labels', 'four'));
  });

  describe('TestCapUpdateManagers', () => {
    const f = newTestFieldManager(tc, 'v1', 'Pod', '', withCap);
    const set = (...fields: string[]) => JSON.parse(serializeFieldSet(FieldSet.of(...fields.map((x) => makePathOrDie(x))))) as Record<string, unknown>;
    // time.Time{}.Add(order hours): 0001-01-01T0<order>:00:00Z.
    const entry = (name: string, version: string, order: number, fields: Record<string, unknown>): ManagedFieldsEntry => ({
      manager: name,
      apiVersion: version,
      operation: 'Update',
      fieldsType: 'FieldsV1',
      fieldsV1: fields,
      time: `0001-01-01T${String(order).padStart(2, '0')}:00:00Z`,
    });

    const testCases: { name: string; input: ManagedFieldsEntry[]; expected: ManagedFieldsEntry[] }[] = [
      {
        name: 'one version, no ancient changes',
        input: [
          entry('update-manager1', 'v1', 1, set('a')),
          entry('update-manager2', 'v1', 2, set('b')),
          entry('update-manager3', 'v1', 3, set('c')),
          entry('update-manager4', 'v1', 4, set('d')),
        ],
        expected: [entry('ancient-changes', 'v1', 2, set('a', 'b')), entry('update-manager3', 'v1', 3, set('c')), entry('update-manager4', 'v1', 4, set('d'))],
      },
      {
        name: 'one version, one ancient changes',
        input: [
          entry('ancient-changes', 'v1', 2, set('a', 'b')),
          entry('update-manager3', 'v1', 3, set('c')),
          entry('update-manager4', 'v1', 4, set('d')),
          entry('update-manager5', 'v1', 5, set('e')),
        ],
        expected: [entry('ancient-changes', 'v1', 3, set('a', 'b', 'c')), entry('update-manager4', 'v1', 4, set('d')), entry('update-manager5', 'v1', 5, set('e'))],
      },
      {
        name: 'two versions, no ancient changes',
        input: [
          entry('update-manager1', 'v1', 1, set('a')),
          entry('update-manager2', 'v2', 2, set('b')),
          entry('update-manager3', 'v1', 3, set('c')),
          entry('update-manager4', 'v1', 4, set('d')),
          entry('update-manager5', 'v1', 5, set('e')),
        ],
        expected: [entry('update-manager2', 'v2', 2, set('b')), entry('ancient-changes', 'v1', 4, set('a', 'c', 'd')), entry('update-manager5', 'v1', 5, set('e'))],
      },
      {
        name: 'three versions, one ancient changes',
        input: [
          entry('update-manager2', 'v2', 2, set('b')),
          entry('ancient-changes', 'v1', 4, set('a', 'c', 'd')),
          entry('update-manager5', 'v1', 5, set('e')),
          entry('update-manager6', 'v3', 6, set('f')),
          entry('update-manager7', 'v2', 7, set('g')),
        ],
        expected: [entry('ancient-changes', 'v1', 5, set('a', 'c', 'd', 'e')), entry('update-manager6', 'v3', 6, set('f')), entry('ancient-changes', 'v2', 7, set('b', 'g'))],
      },
      {
        name: 'three versions, two ancient changes',
        input: [
          entry('ancient-changes', 'v1', 5, set('a', 'c', 'd', 'e')),
          entry('update-manager6', 'v3', 6, set('f')),
          entry('ancient-changes', 'v2', 7, set('b', 'g')),
          entry('update-manager8', 'v3', 8, set('h')),
        ],
        expected: [entry('ancient-changes', 'v1', 5, set('a', 'c', 'd', 'e')), entry('ancient-changes', 'v2', 7, set('b', 'g')), entry('ancient-changes', 'v3', 8, set('f', 'h'))],
      },
      {
        name: 'four versions, two ancient changes',
        input: [
          entry('ancient-changes', 'v1', 5, set('a', 'c', 'd', 'e')),
          entry('update-manager6', 'v3', 6, set('f')),
          entry('ancient-changes', 'v2', 7, set('b', 'g')),
          entry('update-manager8', 'v4', 8, set('h')),
        ],
        expected: [
          entry('ancient-changes', 'v1', 5, set('a', 'c', 'd', 'e')),
          entry('update-manager6', 'v3', 6, set('f')),
          entry('ancient-changes', 'v2', 7, set('b', 'g')),
          entry('update-manager8', 'v4', 8, set('h')),
        ],
      },
    ];

    // Upstream runs the cases in sequence on one field manager, resetting it between them. Its
    // cases with entries at other versions than the Pod's v1 rely on the fake ObjectConvertor
    // converting between versions (it returns its input); kapi serves one version, and its
    // structured-merge layer drops the managers of other versions, so those are skipped here and
    // run below on the cap layer alone.
    const singleVersion = (c: { input: ManagedFieldsEntry[] }) => c.input.every((e) => e.apiVersion === 'v1');
    it.each(testCases.filter(singleVersion))('$name', (tc) => {
      f.reset();
      const live = f.live();
      (live.metadata ??= {}).managedFields = tc.input;
      f.update(live, 'no-op-update');
      expect(semanticEntries(f.managedFields())).toStrictEqual(semanticEntries(tc.expected));
      expectIdempotence(f);
    });
    it.skip.each(testCases.filter((c) => !singleVersion(c)))('$name (needs conversion between versions)', () => {});

    // Not upstream's form: every case on capManagersManager over upstream's fakeManager (declared
    // in capmanagers_test.go), which records nothing, so only the capping acts.
    const fakeManager: Manager = {
      update: (_live, obj, managed) => ({ object: obj, managed }),
      apply: () => {
        throw new Error('not implemented');
      },
    };
    it.each(testCases)('$name, on the cap layer', (tc) => {
      const live: KubeObject = { apiVersion: 'v1', kind: 'Pod' };
      const r = capManagersManager(fakeManager, 3).update(live, structuredClone(live), decodeManagedFields(tc.input), 'no-op-update');
      expect(semanticEntries(encodeManagedFields(r.managed))).toStrictEqual(semanticEntries(tc.expected));
    });
  });
});

const nginxPod = `{
  "apiVersion": "v1",
  "kind": "Pod",
  "metadata": {"name": "pod", "labels": {"app": "nginx"}},
  "spec": {"containers": [{"name": "nginx", "image": "nginx:latest"}]}
}`;

describe('skipnonapplied_test.go', () => {
  // kube's NewSkipNonAppliedManager: track from the first apply only, never on create.
  const skipNonApplied = (m: Manager) => skipNonAppliedManager(m, emptyObject, 0);

  it('TestNoUpdateBeforeFirstApply', () => {
    const f = newTestFieldManager(tc, 'v1', 'Pod', '', skipNonApplied);
    f.apply(yamlObject(nginxPod), 'fieldmanager_test_apply', false);
    const managed = f.managedFields() ?? [];
    expect(managed).toHaveLength(1);
    expect(managed[0]?.manager).toBe('fieldmanager_test_apply');
  });

  it('TestUpdateBeforeFirstApply', () => {
    const f = newTestFieldManager(tc, 'v1', 'Pod', '', skipNonApplied);
    f.update(JSON.parse(`{"kind": "Pod", "apiVersion": "v1", "metadata": {"labels": {"app": "my-nginx"}}}`) as KubeObject, 'fieldmanager_test_update');
    expect(f.managedFields() ?? [], 'managedFields were tracked on update only').toHaveLength(0);

    const appliedObj = yamlObject(nginxPod);
    const err = errorOf(() => f.apply(appliedObj, 'fieldmanager_test_apply', false));
    expect(isConflict(err), `expected one conflict, got ${String(err)}`).toBe(true);
    const causes = isStatusError(err) ? (err.status.details?.causes ?? []) : [];
    expect(causes).toHaveLength(1);
    expect(causes[0]?.field).toBe('.metadata.labels.app');
    expect(causes[0]?.message).toContain('before-first-apply');

    f.apply(appliedObj, 'fieldmanager_test_apply', true);
    const managed = f.managedFields() ?? [];
    expect(managed).toHaveLength(2);
    expect(managed[0]?.manager).toBe('fieldmanager_test_apply');
    expect(managed[1]?.manager).toBe('before-first-apply');
  });
});

describe('managedfieldsupdater_test.go', () => {
  const configMap = (data: string) => `{
    "apiVersion": "v1",
    "kind": "ConfigMap",
    "metadata": {"name": "configmap"},
    "data": ${data}
  }`;
  const updateObject = (f: TestFieldManager, manager: string, object: string) => f.update(yamlObject(object), manager);
  const applyObject = (f: TestFieldManager, manager: string, object: string) => f.apply(yamlObject(object), manager, true);
  const byManager = (f: TestFieldManager) => new Map((f.managedFields() ?? []).map((e) => [e.manager ?? '', e]));
  const first = (f: TestFieldManager) => f.managedFields()?.[0];

  it('TestManagedFieldsUpdateDoesModifyTime', () => {
    const f = newTestFieldManager(tc, 'v1', 'ConfigMap');
    updateObject(f, 'fieldmanager_test', configMap(`{"key": "value"}`));
    const previous = first(f);
    sleep(1000);
    updateObject(f, 'fieldmanager_test', configMap(`{"key": "new-value"}`));
    expect(first(f)?.time, 'the time has not been updated').not.toBe(previous?.time);
  });

  it('TestManagedFieldsApplyDoesModifyTime', () => {
    const f = newTestFieldManager(tc, 'v1', 'ConfigMap');
    applyObject(f, 'fieldmanager_test', configMap(`{"key": "value"}`));
    const previous = first(f);
    sleep(1000);
    applyObject(f, 'fieldmanager_test', configMap(`{"key": "new-value"}`));
    expect(first(f)?.time, 'the time has not been updated').not.toBe(previous?.time);
  });

  it('TestManagedFieldsUpdateWithoutChangesDoesNotModifyTime', () => {
    const f = newTestFieldManager(tc, 'v1', 'ConfigMap');
    updateObject(f, 'fieldmanager_test', configMap(`{"key": "value"}`));
    const previous = first(f);
    sleep(1000);
    updateObject(f, 'fieldmanager_test', configMap(`{"key": "value"}`));
    expect(previous?.time).toBeDefined();
    expect(first(f)?.time).toBe(previous?.time);
  });

  it('TestManagedFieldsApplyWithoutChangesDoesNotModifyTime', () => {
    const f = newTestFieldManager(tc, 'v1', 'ConfigMap');
    applyObject(f, 'fieldmanager_test', configMap(`{"key": "value"}`));
    const previous = first(f);
    sleep(1000);
    applyObject(f, 'fieldmanager_test', configMap(`{"key": "value"}`));
    expect(previous?.time).toBeDefined();
    expect(first(f)?.time).toBe(previous?.time);
  });

  it('TestNonManagedFieldsUpdateDoesNotModifyTime', () => {
    const f = newTestFieldManager(tc, 'v1', 'ConfigMap');
    updateObject(f, 'fieldmanager_a_test', configMap(`{"key_a": "value"}`));
    updateObject(f, 'fieldmanager_b_test', configMap(`{"key_b": "value"}`));
    sleep(1000);
    updateObject(f, 'fieldmanager_a_test', configMap(`{"key_a": "value", "key_b": "new-value"}`));
    // B's only field was taken over: its entry is gone rather than re-stamped.
    expect(byManager(f).has('fieldmanager_b_test'), 'FieldManager B ManagedFields has changed').toBe(false);
  });

  it('TestNonManagedFieldsApplyDoesNotModifyTime', () => {
    const f = newTestFieldManager(tc, 'v1', 'ConfigMap');
    applyObject(f, 'fieldmanager_a_test', configMap(`{"key_a": "value"}`));
    applyObject(f, 'fieldmanager_b_test', configMap(`{"key_b": "value"}`));
    const previous = byManager(f);
    sleep(1000);
    applyObject(f, 'fieldmanager_a_test', configMap(`{"key_a": "new-value"}`));
    expect(previous.get('fieldmanager_b_test')?.time).toBeDefined();
    expect(byManager(f).get('fieldmanager_b_test')?.time).toBe(previous.get('fieldmanager_b_test')?.time);
  });

  // Upstream writes `"key_b": value"`, which YAML reads as the string `value"`; kept as is.
  it('TestTakingOverManagedFieldsDuringUpdateDoesNotModifyPreviousManagerTime', () => {
    const f = newTestFieldManager(tc, 'v1', 'ConfigMap');
    updateObject(f, 'fieldmanager_a_test', configMap(`{"key_a": "value", "key_b": value"}`));
    const previous = byManager(f);
    sleep(1000);
    updateObject(f, 'fieldmanager_b_test', configMap(`{"key_b": "new-value"}`));
    expect(previous.get('fieldmanager_a_test')?.time).toBeDefined();
    expect(byManager(f).get('fieldmanager_a_test')?.time).toBe(previous.get('fieldmanager_a_test')?.time);
  });

  it('TestTakingOverManagedFieldsDuringApplyDoesNotModifyPreviousManagerTime', () => {
    const f = newTestFieldManager(tc, 'v1', 'ConfigMap');
    applyObject(f, 'fieldmanager_a_test', configMap(`{"key_a": "value", "key_b": value"}`));
    const previous = byManager(f);
    sleep(1000);
    applyObject(f, 'fieldmanager_b_test', configMap(`{"key_b": "new-value"}`));
    expect(previous.get('fieldmanager_a_test')?.time).toBeDefined();
    expect(byManager(f).get('fieldmanager_a_test')?.time).toBe(previous.get('fieldmanager_a_test')?.time);
  });

  // When the layers below report a no-op apply (null), the updater answers a copy of the live
  // object without managedFields.
  it('TestNilNewObjectReplacedWithDeepCopyExcludingManagedFields', () => {
    const obj = yamlObject(`{
      "apiVersion": "v1",
      "kind": "Pod",
      "metadata": {
        "name": "pod",
        "labels": {"app": "nginx"},
        "managedFields": [
          {
            "apiVersion": "v1",
            "fieldsType": "FieldsV1",
            "fieldsV1": {"f:metadata": {"f:labels": {"f:app": {}}}},
            "manager": "fieldmanager_test",
            "operation": "Apply",
            "time": "2021-11-11T18:41:17Z"
          }
        ]
      }
    }`);
    const managed = decodeManagedFields(obj.metadata?.managedFields);
    const noop: Manager = {
      apply: (_live, _applied, m) => ({ object: null, managed: m }),
      update: () => {
        throw new Error('not implemented');
      },
    };
    const updater = managedFieldsUpdater(noop);
    const { object } = updater.apply(obj, structuredClone(obj), managed, 'some_manager', false);
    expect(object, 'the returned object must not be the live object itself').not.toBe(obj);
    const liveWithoutManaged = structuredClone(obj);
    removeObjectManagedFields(liveWithoutManaged);
    expect(object).toStrictEqual(liveWithoutManaged);
  });
});
