// The pod subresources with kubectl against `kapi serve` (issue 13): binding a pod as the scheduler
// does, evicting it with `kubectl drain` through a PodDisruptionBudget, `kubectl debug` adding an
// ephemeral container, resizing through pods/resize, and the errors kube-apiserver gives `kubectl
// logs`, `exec`, `attach` and `port-forward` when no kubelet can serve the pod, and `kubectl create
// token` without a service-account issuer.
import { describe, expect, it } from 'vitest';
import { kubectlPath, tableRows, useKapiServe } from './kubectl.ts';

if (!kubectlPath) console.warn('kubectl is not on PATH: the pod subresource kubectl tests are skipped');

const rows = tableRows;

const bindingTo = (pod: string, node: string, kind = 'Node') =>
  JSON.stringify({ apiVersion: 'v1', kind: 'Binding', metadata: { name: pod, annotations: { 'scheduler.example/by': 'test' } }, target: { kind, name: node } });

describe.skipIf(!kubectlPath)('pod subresources with kubectl against kapi serve', () => {
  const fx = useKapiServe('pods');
  const { k, file } = fx;
  const run = async (name: string, ...extra: string[]) => expect((await k('run', name, '--image=nginx', ...extra)).stdout.trim()).toBe(`pod/${name} created`);
  const setStatus = async (kind: string, name: string, status: object) => {
    const got = await k('patch', kind, name, '--subresource=status', '--type=merge', '-p', JSON.stringify({ status }));
    expect(got.stderr).toBe('');
  };


  it('discovers bindings (create only) and the pod subresources with kube\'s verbs and kinds', async () => {
    const got = await k('api-resources', '-o', 'wide');
    expect(rows(got.stdout).find((r) => r[0] === 'bindings')).toEqual(['bindings', 'v1', 'true', 'Binding', 'create']);
    const list = JSON.parse((await k('get', '--raw', '/api/v1')).stdout) as { resources: { name: string; kind: string; verbs: string[]; group?: string; version?: string }[] };
    const of = (name: string) => list.resources.find((r) => r.name === name);
    // No storage, so no storage version hash (kube's LegacyBindingREST is no StorageVersionProvider).
    expect(of('bindings')).toEqual({ name: 'bindings', singularName: 'binding', namespaced: true, kind: 'Binding', verbs: ['create'] });
    expect(of('pods/binding')).toMatchObject({ kind: 'Binding', verbs: ['create'] });
    expect(of('pods/binding')).not.toHaveProperty('group');
    expect(of('pods/eviction')).toMatchObject({ group: 'policy', version: 'v1', kind: 'Eviction', verbs: ['create'] });
    expect(of('pods/exec')).toEqual({ name: 'pods/exec', singularName: '', namespaced: true, kind: 'PodExecOptions', verbs: ['create', 'get'] });
    expect(of('pods/attach')).toMatchObject({ kind: 'PodAttachOptions', verbs: ['create', 'get'] });
    expect(of('pods/portforward')).toMatchObject({ kind: 'PodPortForwardOptions', verbs: ['create', 'get'] });
    expect(of('pods/proxy')).toMatchObject({ kind: 'PodProxyOptions', verbs: ['create', 'delete', 'get', 'patch', 'update'] });
    expect(of('pods/log')).toMatchObject({ kind: 'Pod', verbs: ['get'] });
    expect(of('pods/ephemeralcontainers')?.verbs).toEqual(['get', 'patch', 'update']);
    expect(of('pods/resize')?.verbs).toEqual(['get', 'patch', 'update']);
    expect(of('nodes/proxy')).toMatchObject({ kind: 'NodeProxyOptions', verbs: ['create', 'delete', 'get', 'patch', 'update'] });
    expect(of('services/proxy')).toMatchObject({ kind: 'ServiceProxyOptions', verbs: ['create', 'delete', 'get', 'patch', 'update'] });
    expect(of('serviceaccounts/token')).toBeUndefined();
  });

  it('binds a pod through pods/binding and through bindings, as the scheduler does, and refuses a second binding', async () => {
    await run('web');
    const bound = await k('create', '--raw', '/api/v1/namespaces/default/pods/web/binding', '-f', file('b1.json', bindingTo('web', 'n1')));
    expect(bound.stderr).toBe('');
    expect(JSON.parse(bound.stdout)).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 });
    const pod = JSON.parse((await k('get', 'pod', 'web', '-o', 'json')).stdout);
    expect(pod.spec.nodeName).toBe('n1');
    expect(pod.metadata.annotations).toEqual({ 'scheduler.example/by': 'test' });
    expect(pod.status.conditions).toEqual([expect.objectContaining({ type: 'PodScheduled', status: 'True' })]);
    const wide = rows((await k('get', 'pod', 'web', '-o', 'wide')).stdout);
    expect(wide[1]![6]).toBe('n1');

    const again = await k('create', '--raw', '/api/v1/namespaces/default/pods/web/binding', '-f', file('b1.json', bindingTo('web', 'n2')));
    expect(again.code).not.toBe(0);
    expect(again.stderr.trim()).toBe('Error from server (Conflict): Operation cannot be fulfilled on pods/binding "web": pod web is already assigned to node "n1"');

    await run('other');
    const notNode = await k('create', '--raw', '/api/v1/namespaces/default/bindings', '-f', file('b2.json', bindingTo('other', 'n1', 'Pod')));
    expect(notNode.stderr.trim()).toBe('Error from server: target.kind: Unsupported value: "Pod": supported values: "Node", "<empty>"');
    const viaBindings = await k('create', '--raw', '/api/v1/namespaces/default/bindings', '-f', file('b3.json', bindingTo('other', 'n1')));
    expect(JSON.parse(viaBindings.stdout)).toMatchObject({ status: 'Success', code: 201 });
    // kubectl create -f posts a Binding to bindings and prints the Status it gets back.
    await run('third');
    const fromYaml = await k('create', '-f', file('b5.yaml', 'apiVersion: v1\nkind: Binding\nmetadata:\n  name: third\ntarget:\n  kind: Node\n  name: n3\n'));
    expect(fromYaml).toMatchObject({ code: 0, stdout: 'status/<unknown> created\n' });
    expect((await k('get', 'pod', 'third', '-o', 'jsonpath={.spec.nodeName}')).stdout).toBe('n3');
    const mismatch = await k('create', '--raw', '/api/v1/namespaces/default/pods/nope/binding', '-f', file('b3.json', bindingTo('other', 'n1')));
    expect(mismatch.stderr.trim()).toBe('Error from server (BadRequest): name in URL does not match name in Binding object');
  });

  it('gives kubectl logs, exec, attach and port-forward kube\'s errors when no kubelet can serve the pod', async () => {
    await run('idle');
    // An unscheduled pod's log is an empty answer (204), as kube-apiserver gives it.
    const logs = await k('logs', 'idle');
    expect(logs).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const exec = await k('exec', 'idle', '--', 'ls');
    expect(exec.code).not.toBe(0);
    expect(exec.stderr.trim()).toBe('Error from server (BadRequest): pod idle does not have a host assigned');
    expect((await k('exec', 'idle', '-c', 'nope', '--', 'ls')).stderr.trim()).toBe('Error from server (BadRequest): container nope is not valid for pod idle');
    await setStatus('pod', 'idle', { phase: 'Running' });
    expect((await k('attach', 'idle')).stderr.trim()).toMatch(/Error from server \(BadRequest\): pod idle does not have a host assigned$/);
    const pf = await k('port-forward', 'idle', '18080:80');
    expect(pf.code).not.toBe(0);
    expect(pf.stderr.trim()).toBe('error: error upgrading connection: pod idle does not have a host assigned');

    // Bound to a node that does not exist, then to one without addresses, then to one no kubelet answers at.
    expect((await k('logs', 'web')).stderr.trim()).toBe('Error from server (NotFound): nodes "n1" not found');
    expect((await k('create', '-f', file('n1.yaml', 'apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\n'))).stderr).toBe('');
    expect((await k('exec', 'web', '--', 'ls')).stderr.trim()).toBe('Error from server: no preferred addresses found; known addresses: []');
    await setStatus('node', 'n1', { addresses: [{ type: 'InternalIP', address: '10.1.2.3' }] });
    expect((await k('exec', 'web', '--', 'ls')).stderr.trim()).toBe('Error from server: error dialing backend: dial tcp 10.1.2.3:10250: connect: connection refused');
    expect((await k('logs', 'web', '--tail=5')).stderr.trim()).toBe(
      'Error from server: Get "https://10.1.2.3:10250/containerLogs/default/web/web?tailLines=5": dial tcp 10.1.2.3:10250: connect: connection refused',
    );
    expect((await k('get', '--raw', '/api/v1/nodes/n1/proxy/metrics')).stderr.trim()).toBe('Error from server: dial tcp 10.1.2.3:10250: connect: connection refused');
    expect((await k('get', '--raw', '/api/v1/namespaces/default/pods/web/proxy/')).stderr.trim()).toBe('Error from server (BadRequest): address not allowed');
    expect((await k('get', '--raw', '/api/v1/namespaces/default/services/nope/proxy/')).stderr.trim()).toBe('Error from server (NotFound): endpoints "nope" not found');
  });

  it('evicts with kubectl drain, held by a PodDisruptionBudget that allows no disruption, let through once it allows one', async () => {
    expect((await k('create', '-f', file('n2.yaml', 'apiVersion: v1\nkind: Node\nmetadata:\n  name: n2\n'))).stderr).toBe('');
    await run('guarded', '--labels=app=guarded');
    await k('create', '--raw', '/api/v1/namespaces/default/pods/guarded/binding', '-f', file('b4.json', bindingTo('guarded', 'n2')));
    await setStatus('pod', 'guarded', { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] });
    expect((await k('create', 'pdb', 'guard', '--selector=app=guarded', '--min-available=1')).stderr).toBe('');
    await setStatus('pdb', 'guard', { observedGeneration: 1, disruptionsAllowed: 0, currentHealthy: 1, desiredHealthy: 1, expectedPods: 1 });

    const held = await k('drain', 'n2', '--force', '--timeout=2s');
    expect(held.code).not.toBe(0);
    expect(held.stderr).toContain(
      'error when evicting pods/"guarded" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod\'s disruption budget.',
    );
    expect((await k('get', 'pod', 'guarded', '-o', 'name')).stdout.trim()).toBe('pod/guarded');

    await setStatus('pdb', 'guard', { disruptionsAllowed: 1 });
    // No kubelet runs on n2 to end a graceful termination: the eviction asks for none (a pod bound to
    // a node is otherwise deleted gracefully and stays Terminating, as on kube without a kubelet).
    const drained = await k('drain', 'n2', '--force', '--timeout=10s', '--grace-period=0');
    expect(drained.stdout).toContain('pod/guarded evicted');
    expect((await k('get', 'pod', 'guarded')).stderr.trim()).toBe('Error from server (NotFound): pods "guarded" not found');
    const pdb = JSON.parse((await k('get', 'pdb', 'guard', '-o', 'json')).stdout);
    expect(pdb.status.disruptionsAllowed).toBe(0);
    expect(Object.keys(pdb.status.disruptedPods)).toEqual(['guarded']);
  });

  it('adds an ephemeral container with kubectl debug, and refuses changing it', async () => {
    const added = await k('debug', 'other', '--image=busybox', '--container=dbg', '--profile=general');
    expect(added.code).toBe(0);
    const pod = JSON.parse((await k('get', 'pod', 'other', '-o', 'json')).stdout);
    expect(pod.spec.ephemeralContainers).toEqual([expect.objectContaining({ name: 'dbg', image: 'busybox' })]);
    const changed = await k('patch', 'pod', 'other', '--subresource=ephemeralcontainers', '--type=json', '-p', '[{"op":"replace","path":"/spec/ephemeralContainers/0/image","value":"alpine"}]');
    expect(changed.stderr).toMatch(/^The Pod "other" is invalid: spec\.ephemeralContainers\[dbg\]: Forbidden: existing ephemeral containers "dbg" may not be changed\n/);
    const removed = await k('patch', 'pod', 'other', '--subresource=ephemeralcontainers', '--type=json', '-p', '[{"op":"remove","path":"/spec/ephemeralContainers/0"}]');
    expect(removed.stderr.trim()).toBe('The Pod "other" is invalid: spec.ephemeralContainers: Forbidden: existing ephemeral containers "dbg" may not be removed');
  });

  it('resizes cpu and memory through pods/resize and refuses the rest', async () => {
    const manifest = `apiVersion: v1
kind: Pod
metadata:
  name: sized
spec:
  containers:
  - name: app
    image: nginx
    resources:
      requests: {cpu: 100m, memory: 64Mi}
      limits: {cpu: 200m, memory: 128Mi}
`;
    expect((await k('create', '-f', file('sized.yaml', manifest))).stderr).toBe('');
    const resized = await k('patch', 'pod', 'sized', '--subresource=resize', '-p', '{"spec":{"containers":[{"name":"app","resources":{"requests":{"cpu":"150m"}}}]}}', '-o', 'jsonpath={.spec.containers[0].resources.requests.cpu}');
    expect(resized.stdout).toBe('150m');
    const other = await k('patch', 'pod', 'sized', '--subresource=resize', '-p', '{"spec":{"containers":[{"name":"app","resources":{"limits":{"ephemeral-storage":"1Gi"}}}]}}');
    expect(other.stderr.trim()).toBe('The Pod "sized" is invalid: spec: Forbidden: only cpu and memory resources are mutable');
    const qos = await k('patch', 'pod', 'sized', '--subresource=resize', '-p', '{"spec":{"containers":[{"name":"app","resources":{"requests":{"cpu":"200m","memory":"128Mi"}}}]}}');
    expect(qos.stderr.trim()).toBe('The Pod "sized" is invalid: spec: Invalid value: "Burstable": Pod QOS Class may not change as a result of resizing');
  });

  it('answers kubectl create token with kube\'s 404: no token subresource without a service-account issuer', async () => {
    expect((await k('create', 'serviceaccount', 'bot')).stderr).toBe('');
    const token = await k('create', 'token', 'bot');
    expect(token.code).not.toBe(0);
    expect(token.stderr.trim()).toBe('error: failed to create token: the server could not find the requested resource');
  });
});
