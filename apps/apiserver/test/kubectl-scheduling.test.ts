// scheduling.k8s.io/v1 with kubectl against `kapi serve` (issue 13): PriorityClasses created by
// kubectl create and from YAML, printed with kube's columns, refused with kube's messages, and
// applied server-side.
import { describe, expect, it } from 'vitest';
import { kubectlPath, tableRows, useKapiServe } from './kubectl.ts';

if (!kubectlPath) console.warn('kubectl is not on PATH: the scheduling kubectl tests are skipped');

const group = 'scheduling.k8s.io';

const rows = tableRows;

const batchClass = `apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: batch-low
value: -10
preemptionPolicy: Never
description: Batch jobs that never preempt.
`;

describe.skipIf(!kubectlPath)('scheduling.k8s.io with kubectl against kapi serve', () => {
  const fx = useKapiServe('scheduling');
  const { k, file } = fx;


  it('discovers priorityclasses with the short name pc', async () => {
    const got = await k('api-resources', `--api-group=${group}`, '-o', 'wide');
    expect(got.stderr).toBe('');
    expect(rows(got.stdout)).toEqual([
      ['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND', 'VERBS', 'CATEGORIES'],
      ['priorityclasses', 'pc', `${group}/v1`, 'false', 'PriorityClass', 'create,delete,deletecollection,get,list,patch,update,watch'],
    ]);
  });

  it('creates PriorityClasses with kubectl create and from YAML, and prints kube\'s columns', async () => {
    const made = await k('create', 'priorityclass', 'high', '--value=1000', '--global-default=true', '--description=important');
    expect(made.stderr).toBe('');
    expect(made.stdout.trim()).toBe(`priorityclass.${group}/high created`);
    expect((await k('create', '-f', file('batch.yaml', batchClass))).stdout.trim()).toBe(`priorityclass.${group}/batch-low created`);
    const high = JSON.parse((await k('get', 'pc', 'high', '-o', 'json')).stdout);
    expect(high).toMatchObject({ value: 1000, globalDefault: true, description: 'important', preemptionPolicy: 'PreemptLowerPriority', metadata: { generation: 1 } });
    const got = rows((await k('get', 'priorityclasses', 'batch-low', 'high')).stdout);
    expect(got[0]).toEqual(['NAME', 'VALUE', 'GLOBAL-DEFAULT', 'AGE', 'PREEMPTIONPOLICY']);
    expect(got[1]).toEqual(['batch-low', '-10', 'false', expect.stringMatching(/^\d+s$/), 'Never']);
    expect(got[2]).toEqual(['high', '1000', 'true', expect.stringMatching(/^\d+s$/), 'PreemptLowerPriority']);
  });

  it('refuses what kube refuses, with kube\'s messages', async () => {
    const tooHigh = await k('create', 'priorityclass', 'too-high', '--value=2000000000');
    expect(tooHigh.code).not.toBe(0);
    expect(tooHigh.stderr.trim()).toBe('error: failed to create priorityclass: PriorityClass.scheduling.k8s.io "too-high" is invalid: value: Forbidden: maximum allowed value of a user defined priority is 1000000000');
    const system = await k('create', 'priorityclass', 'system-mine', '--value=10');
    expect(system.stderr.trim()).toBe(
      "error: failed to create priorityclass: PriorityClass.scheduling.k8s.io \"system-mine\" is invalid: metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: system-mine is not a known system priority class",
    );
    const changed = await k('patch', 'pc', 'high', '--type=merge', '-p', '{"value":5}');
    expect(changed.code).not.toBe(0);
    expect(changed.stderr.trim()).toBe('The PriorityClass "high" is invalid: value: Forbidden: may not be changed in an update.');
    const described = await k('patch', 'pc', 'high', '--type=merge', '-p', '{"description":"still important"}');
    expect(described.stdout.trim()).toBe(`priorityclass.${group}/high patched`);
  });

  it('applies a PriorityClass server-side, twice', async () => {
    const path = file('ssa.yaml', batchClass.replace('name: batch-low', 'name: ssa-class'));
    const first = await k('apply', '--server-side', '-f', path);
    expect(first.stderr).toBe('');
    expect(first.stdout.trim()).toBe(`priorityclass.${group}/ssa-class serverside-applied`);
    expect((await k('apply', '--server-side', '-f', path)).stdout.trim()).toBe(`priorityclass.${group}/ssa-class serverside-applied`);
    const obj = JSON.parse((await k('get', 'pc', 'ssa-class', '-o', 'json', '--show-managed-fields')).stdout);
    expect(obj.metadata.managedFields.map((e: { manager: string; operation: string }) => `${e.manager}/${e.operation}`)).toEqual(['kubectl/Apply']);
    expect(obj.value).toBe(-10);
  });
});
