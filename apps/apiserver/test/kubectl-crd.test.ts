// Custom resources with kubectl against `kapi serve` (issue 14): a CRD applied is established and
// served at once (discovery, create, get with its printer columns, the status subresource, patches,
// server-side apply), its schema prunes, defaults and validates with kube's messages, deleting it
// deletes its objects, and a restarted server serves the CRDs it stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEtcd, type EtcdServer } from '@kapi/storage-etcd3/testing';
import { kubectl, kubectlPath, startKapiServe, tableRows as rows, type ServeProcess } from './kubectl.ts';

if (!kubectlPath) console.warn('kubectl is not on PATH: the custom resource kubectl tests are skipped');

const crd = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget, shortNames: [wd], categories: [all]}
  versions:
  - name: v1
    served: true
    storage: true
    subresources: {status: {}}
    selectableFields: [{jsonPath: .spec.color}]
    additionalPrinterColumns:
    - {name: Color, type: string, jsonPath: .spec.color}
    - {name: Size, type: integer, jsonPath: .spec.size, priority: 1}
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            required: [color]
            properties:
              color: {type: string, enum: [red, blue]}
              size: {type: integer, default: 3, minimum: 1}
          status:
            type: object
            properties:
              ready: {type: boolean}
`;

const widget = (name: string, spec: string) => `apiVersion: example.com/v1
kind: Widget
metadata: {name: ${name}}
spec: ${spec}
`;

function crdSession(storage: string, storageArgs: () => string[]) {
describe.skipIf(!kubectlPath)(`custom resources with kubectl against kapi serve on ${storage}`, () => {
  let dir: string;
  let serve: ServeProcess;
  const k = (...args: string[]) => kubectl(serve.kubeconfig, args);
  const file = (name: string, text: string) => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  /** Waits until the served OpenAPI of a group version contains `text` (the CRD change is served). */
  const servedSchemaHas = async (groupVersion: string, text: string) => {
    for (let i = 0; i < 100; i++) {
      if ((await k('get', '--raw', `/openapi/v3/apis/${groupVersion}`)).stdout.includes(text)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`${groupVersion} never served a schema with ${text}`);
  };
  const start = async () => {
    serve = await startKapiServe(['--data-dir', join(dir, 'data'), '--port', '0', ...storageArgs()]);
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kapi-crd-'));
    await start();
  });
  afterAll(async () => {
    await serve?.interrupt();
    rmSync(dir, { recursive: true, force: true });
  });

  it('establishes a CRD at once and serves its resource with its names', async () => {
    expect((await k('apply', '-f', file('crd.yaml', crd))).stdout.trim()).toBe('customresourcedefinition.apiextensions.k8s.io/widgets.example.com created');
    const started = Date.now();
    const wait = await k('wait', '--for', 'condition=established', 'crd/widgets.example.com', '--timeout=10s');
    expect(wait.stdout.trim()).toBe('customresourcedefinition.apiextensions.k8s.io/widgets.example.com condition met');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(rows((await k('api-resources', '--api-group=example.com')).stdout)).toEqual([
      ['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND'],
      ['widgets', 'wd', 'example.com/v1', 'true', 'Widget'],
    ]);
    const status = JSON.parse((await k('get', 'crd', 'widgets.example.com', '-o', 'json')).stdout).status;
    expect(status.acceptedNames).toEqual({ kind: 'Widget', listKind: 'WidgetList', plural: 'widgets', shortNames: ['wd'], singular: 'widget', categories: ['all'] });
    expect(status.storedVersions).toEqual(['v1']);
    expect(status.conditions.map((c: { type: string; status: string; reason: string }) => [c.type, c.status, c.reason])).toEqual([
      ['NamesAccepted', 'True', 'NoConflicts'],
      ['Established', 'True', 'InitialNamesAccepted'],
    ]);
  });

  it('creates custom resources with defaults applied and status left to its subresource, and prints its columns', async () => {
    const made = await k('apply', '-f', file('w1.yaml', `${widget('w1', '{color: red}')}status: {ready: true}\n`));
    expect(made.stderr).toBe('');
    expect(made.stdout.trim()).toBe('widget.example.com/w1 created');
    const w1 = JSON.parse((await k('get', 'wd', 'w1', '-o', 'json')).stdout);
    expect(w1.spec).toEqual({ color: 'red', size: 3 });
    expect(w1.status).toBeUndefined();
    expect(w1.metadata.generation).toBe(1);
    expect(rows((await k('get', 'widgets')).stdout)).toEqual([
      ['NAME', 'COLOR'],
      ['w1', 'red'],
    ]);
    expect(rows((await k('get', 'widgets', '-o', 'wide')).stdout)).toEqual([
      ['NAME', 'COLOR', 'SIZE'],
      ['w1', 'red', '3'],
    ]);
  });

  it("refuses what the schema refuses, with kube's messages, and unknown fields under strict validation", async () => {
    const bad = await k('create', '-f', file('bad.yaml', widget('bad', '{color: green, size: 0}')));
    expect(bad.stderr.trim()).toBe(
      'The Widget "bad" is invalid: \n' +
        '* spec.color: Unsupported value: "green": supported values: "red", "blue"\n' +
        '* spec.size: Invalid value: 0: spec.size in body should be greater than or equal to 1',
    );
    const unknown = await k('create', '-f', file('extra.yaml', widget('extra', '{color: red, extra: 1}')));
    expect(unknown.stderr.trim()).toBe(
      'Error from server (BadRequest): error when creating "' + join(dir, 'extra.yaml') + '": Widget in version "v1" cannot be handled as a Widget: strict decoding error: unknown field "spec.extra"',
    );
    // Without strict validation the unknown field is pruned.
    expect((await k('create', '--validate=false', '-f', join(dir, 'extra.yaml'))).stdout.trim()).toBe('widget.example.com/extra created');
    expect(JSON.parse((await k('get', 'wd', 'extra', '-o', 'json')).stdout).spec).toEqual({ color: 'red', size: 3 });
  });

  it('selects by metadata.name and by the selectableFields of the version, and refuses other field labels', async () => {
    expect((await k('create', '-f', file('blue.yaml', widget('b1', '{color: blue}')))).stderr).toBe('');
    expect(rows((await k('get', 'widgets', '--field-selector', 'spec.color=blue')).stdout).map((r) => r[0])).toEqual(['NAME', 'b1']);
    expect(rows((await k('get', 'widgets', '--field-selector', 'spec.color!=blue,metadata.name!=extra')).stdout).map((r) => r[0])).toEqual(['NAME', 'w1']);
    const unsupported = await k('get', 'widgets', '--field-selector', 'spec.size=3');
    expect(unsupported.stderr.trim()).toBe(
      'Error from server (BadRequest): Unable to find "example.com/v1, Resource=widgets" that match label selector "", field selector "spec.size=3": field label not supported: spec.size',
    );
    expect((await k('delete', 'widget', 'b1')).code).toBe(0);
  });

  it('patches (merge and json), refuses strategic merge, writes status through /status, and counts generations', async () => {
    expect((await k('patch', 'wd', 'w1', '--type=merge', '-p', '{"spec":{"size":5}}')).stdout.trim()).toBe('widget.example.com/w1 patched');
    expect((await k('patch', 'wd', 'w1', '--type=json', '-p', '[{"op":"replace","path":"/spec/color","value":"blue"}]')).stdout.trim()).toBe('widget.example.com/w1 patched');
    const smp = await k('patch', 'wd', 'w1', '-p', '{"spec":{"size":6}}');
    expect(smp.stderr.trim()).toContain('the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml');
    expect((await k('patch', 'wd', 'w1', '--subresource=status', '--type=merge', '-p', '{"status":{"ready":true},"spec":{"size":9}}')).stdout.trim()).toBe('widget.example.com/w1 patched');
    const w1 = JSON.parse((await k('get', 'wd', 'w1', '-o', 'json')).stdout);
    expect([w1.spec, w1.status, w1.metadata.generation]).toEqual([{ color: 'blue', size: 5 }, { ready: true }, 3]);
  });

  it('publishes the schema in OpenAPI, so kubectl explain describes the kind', async () => {
    const explained = await k('explain', 'widget.spec');
    expect(explained.stderr).toBe('');
    expect(explained.stdout).toContain('KIND:       Widget');
    expect(explained.stdout).toMatch(/color\s+<string> -required-/);
    expect(explained.stdout).toMatch(/size\s+<integer>/);
  });

  it('applies server-side with the CRD schema, recording managedFields', async () => {
    const path = file('ssa.yaml', widget('ssa', '{color: blue, size: 2}'));
    expect((await k('apply', '--server-side', '-f', path)).stdout.trim()).toBe('widget.example.com/ssa serverside-applied');
    const obj = JSON.parse((await k('get', 'wd', 'ssa', '-o', 'json', '--show-managed-fields')).stdout);
    expect(obj.metadata.managedFields.map((e: { manager: string; operation: string; fieldsV1: unknown }) => [e.manager, e.operation, e.fieldsV1])).toEqual([
      ['kubectl', 'Apply', { 'f:spec': { 'f:color': {}, 'f:size': {} } }],
    ]);
    const conflict = await k('apply', '--server-side', '--field-manager=other', '-f', file('ssa2.yaml', widget('ssa', '{color: red}')));
    expect(conflict.stderr).toContain('conflict with "kubectl"');
  });

  it('enforces x-kubernetes-validations (CEL), transition rules with oldSelf included, and refuses a CRD whose rule does not compile', async () => {
    const gadgets = crd
      .replace(/widgets/g, 'gadgets')
      .replace(/widget/g, 'gadget')
      .replace(/Widget/g, 'Gadget')
      .replace('shortNames: [wd], ', '')
      .replace(
        '          spec:\n            type: object\n',
        "          spec:\n            type: object\n            x-kubernetes-validations:\n            - {rule: 'self.size >= oldSelf.size', message: size may not shrink}\n            - {rule: \"self.color != 'blue' || self.size <= 10\", messageExpression: \"'a ' + self.color + ' gadget is at most 10'\"}\n",
      )
      .replace('color: {type: string, enum: [red, blue]}', 'color: {type: string, enum: [red, blue], maxLength: 4}');
    expect((await k('apply', '-f', file('gadgets.yaml', gadgets))).stderr).toBe('');
    await k('wait', '--for', 'condition=established', 'crd/gadgets.example.com', '--timeout=10s');
    const big = await k('create', '-f', file('g-big.yaml', widget('big', '{color: blue, size: 11}').replace('Widget', 'Gadget')));
    expect(big.stderr.trim()).toBe('The Gadget "big" is invalid: spec: Invalid value: "object": a blue gadget is at most 10');
    expect((await k('create', '-f', file('g1.yaml', widget('g1', '{color: red, size: 5}').replace('Widget', 'Gadget')))).stderr).toBe('');
    const shrink = await k('patch', 'gadget', 'g1', '--type=merge', '-p', '{"spec":{"size":4}}');
    expect(shrink.stderr.trim()).toBe('The Gadget "g1" is invalid: spec: Invalid value: "object": size may not shrink');
    expect((await k('patch', 'gadget', 'g1', '--type=merge', '-p', '{"spec":{"size":6}}')).stdout.trim()).toBe('gadget.example.com/g1 patched');
    const broken = gadgets.replace(/gadgets/g, 'gizmos').replace(/gadget/g, 'gizmo').replace(/Gadget/g, 'Gizmo').replace('self.size >= oldSelf.size', 'self.size >=')
      .replace("' gizmo is at most 10'", "' gizmo is at most ' + string(self.size)")
      .replace(', maxLength: 4', '');
    const refused = await k('apply', '-f', file('gizmos.yaml', broken));
    expect(refused.stderr).toContain('The CustomResourceDefinition "gizmos.example.com" is invalid');
    expect(refused.stderr).toContain(
      'spec.versions[0].schema.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule: Invalid value: {"Rule":"self.size \\u003e=","Message":"size may not shrink","MessageExpression":"","Reason":null,"FieldPath":"","OptionalOldSelf":null}: compilation failed: ERROR: <input>:1:11: Syntax error:',
    );
    // An unbounded string in a messageExpression is refused for its estimated cost, as kube refuses it.
    expect(refused.stderr).toContain(
      'spec.versions[0].schema.openAPIV3Schema.properties[spec].x-kubernetes-validations[1].messageExpression: Forbidden: estimated messageExpression cost exceeds budget by factor of more than 100x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)',
    );
    expect((await k('get', 'crd', 'gizmos.example.com')).stderr).toContain('NotFound');
  });

  it('serves the scale subresource at the paths the CRD names, so kubectl scale works', async () => {
    const scalers = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: scalers.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: scalers, singular: scaler, kind: Scaler}
  versions:
  - name: v1
    served: true
    storage: true
    subresources:
      status: {}
      scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas, labelSelectorPath: .status.selector}
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec: {type: object, properties: {replicas: {type: integer}}}
          status: {type: object, properties: {replicas: {type: integer}, selector: {type: string}}}
`;
    expect((await k('apply', '-f', file('scalers.yaml', scalers))).stderr).toBe('');
    await k('wait', '--for', 'condition=established', 'crd/scalers.example.com', '--timeout=10s');
    const discovery = JSON.parse((await k('get', '--raw', '/apis/example.com/v1')).stdout) as { resources: { name: string; group?: string; version?: string; kind: string; verbs: string[] }[] };
    expect(discovery.resources.find((r) => r.name === 'scalers/scale')).toEqual({ name: 'scalers/scale', singularName: '', namespaced: true, group: 'autoscaling', version: 'v1', kind: 'Scale', verbs: ['get', 'patch', 'update'] });
    const one = (name: string, spec: string) => `apiVersion: example.com/v1\nkind: Scaler\nmetadata: {name: ${name}}\nspec: ${spec}\n`;
    expect((await k('create', '-f', file('s1.yaml', one('s1', '{replicas: 1}')))).stderr).toBe('');
    expect((await k('scale', 'scaler', 's1', '--replicas=3')).stdout.trim()).toBe('scaler.example.com/s1 scaled');
    expect((await k('get', 'scaler', 's1', '-o', 'jsonpath={.spec.replicas}')).stdout).toBe('3');
    // kube's scale Table: Desired and Available where the CRD names their paths, then Age.
    expect(rows((await k('get', 'scaler', 's1', '--subresource=scale')).stdout).map((r) => r.slice(0, 3))).toEqual([
      ['NAME', 'DESIRED', 'AVAILABLE'],
      ['s1', '3', '0'],
    ]);
    const scale = JSON.parse((await k('get', '--raw', '/apis/example.com/v1/namespaces/default/scalers/s1/scale')).stdout) as Record<string, unknown>;
    expect(scale).toMatchObject({ kind: 'Scale', apiVersion: 'autoscaling/v1', metadata: { name: 's1', namespace: 'default' }, spec: { replicas: 3 }, status: { replicas: 0 } });
    // The replicas written through /scale belong to the scaler of the subresource.
    const managed = JSON.parse((await k('get', 'scaler', 's1', '-o', 'json', '--show-managed-fields')).stdout) as { metadata: { managedFields: { manager: string; subresource?: string; fieldsV1: unknown }[] } };
    expect(managed.metadata.managedFields.find((m) => m.subresource === 'scale')).toMatchObject({ manager: 'kubectl', fieldsV1: { 'f:spec': { 'f:replicas': {} } } });
    // kube's ValidateScaleSpec, with its path as the CRD writes it.
    const negative = await k('patch', 'scaler', 's1', '--subresource=scale', '--type=merge', '-p', '{"spec":{"replicas":-1}}');
    expect(negative.stderr.trim()).toBe('The Scaler "s1" is invalid: .spec.replicas: Invalid value: -1: should be a non-negative integer');
    // A scaler without spec.replicas has no Scale to read, as in kube.
    expect((await k('create', '-f', file('s2.yaml', one('s2', '{}')))).stderr).toBe('');
    expect((await k('get', '--raw', '/apis/example.com/v1/namespaces/default/scalers/s2/scale')).stderr.trim()).toBe('Error from server (InternalError): Internal error occurred: the spec replicas field ".spec.replicas" does not exist');
    expect((await k('scale', 'scaler', 's2', '--replicas=2')).stdout.trim()).toBe('scaler.example.com/s2 scaled');
    expect((await k('get', 'scaler', 's2', '-o', 'jsonpath={.spec.replicas}')).stdout).toBe('2');
  });

  it('serves several versions from one storage version (conversion None), defaulting what it reads', async () => {
    const multi = (storage: 'v1' | 'v2', v2Default: boolean) => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: things.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: things, singular: thing, kind: Thing}
  versions:
  - name: v1
    served: true
    storage: ${storage === 'v1'}
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec: {type: object, properties: {a: {type: string}, old: {type: string}}}
  - name: v2
    served: true
    storage: ${storage === 'v2'}
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec: {type: object, properties: {a: {type: string}, b: {type: string${v2Default ? ', default: dflt' : ''}}}}
`;
    expect((await k('apply', '-f', file('things.yaml', multi('v1', false)))).stderr).toBe('');
    await k('wait', '--for', 'condition=established', 'crd/things.example.com', '--timeout=10s');
    const t1 = 'apiVersion: example.com/v2\nkind: Thing\nmetadata: {name: t1}\nspec: {a: x, b: bee}\n';
    expect((await k('create', '-f', file('t1.yaml', t1))).stderr).toBe('');
    // Stored as v1 (its schema has no b: pruned on the way in), read back in either version.
    expect(JSON.parse((await k('get', 'things.v2.example.com', 't1', '-o', 'json')).stdout)).toMatchObject({ apiVersion: 'example.com/v2', spec: { a: 'x' } });
    expect(JSON.parse((await k('get', 'things.v2.example.com', 't1', '-o', 'json')).stdout).spec).toEqual({ a: 'x' });
    expect(JSON.parse((await k('get', 'things.v1.example.com', 't1', '-o', 'json')).stdout)).toMatchObject({ apiVersion: 'example.com/v1', spec: { a: 'x' } });
    // The storage version moves to v2, which gains a default: stored objects are read with it, and storedVersions lists both.
    expect((await k('apply', '-f', file('things.yaml', multi('v2', true)))).stderr).toBe('');
    await k('wait', '--for', 'jsonpath={.status.storedVersions[1]}=v2', 'crd/things.example.com', '--timeout=10s');
    await servedSchemaHas('example.com/v2', '"default":"dflt"');
    expect((await k('get', 'crd', 'things.example.com', '-o', 'jsonpath={.status.storedVersions}')).stdout).toBe('["v1","v2"]');
    const t2 = 'apiVersion: example.com/v1\nkind: Thing\nmetadata: {name: t2}\nspec: {a: z, old: o}\n';
    expect((await k('create', '-f', file('t2.yaml', t2))).stderr).toBe('');
    // t2 was stored as v2 (old pruned) and defaulted: read as v1 it has b pruned away again.
    expect(JSON.parse((await k('get', 'things.v2.example.com', 't2', '-o', 'json')).stdout).spec).toEqual({ a: 'z', b: 'dflt' });
    expect(JSON.parse((await k('get', 'things.v1.example.com', 't2', '-o', 'json')).stdout).spec).toEqual({ a: 'z' });
    // t1, stored as v1, is not defaulted with v2's default on read (kube defaults with the stored version's schema).
    expect(JSON.parse((await k('get', 'things.v2.example.com', 't1', '-o', 'json')).stdout).spec).toEqual({ a: 'x' });
    expect(rows((await k('get', 'things.v1.example.com')).stdout).map((r) => r[0])).toEqual(['NAME', 't1', 't2']);
  });

  it('ratchets validation on update: what an update leaves as it was may stay invalid under a tightened schema', async () => {
    const ratchets = (tight: boolean) => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: ratchets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: ratchets, singular: ratchet, kind: Ratchet}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              name: {type: string${tight ? ', maxLength: 3' : ''}}
              count: {type: integer${tight ? ", x-kubernetes-validations: [{rule: 'self < 10', message: count too high}]" : ''}}
              tags:
                type: array
                x-kubernetes-list-type: map
                x-kubernetes-list-map-keys: [key]
                items: {type: object, required: [key], properties: {key: {type: string}, value: {type: string${tight ? ', maxLength: 2' : ''}}}}
`;
    expect((await k('apply', '-f', file('ratchets.yaml', ratchets(false)))).stderr).toBe('');
    await k('wait', '--for', 'condition=established', 'crd/ratchets.example.com', '--timeout=10s');
    const r1 = 'apiVersion: example.com/v1\nkind: Ratchet\nmetadata: {name: r1}\nspec: {name: toolong, count: 20, tags: [{key: a, value: long}, {key: b, value: ok}]}\n';
    expect((await k('create', '-f', file('r1.yaml', r1))).stderr).toBe('');
    expect((await k('apply', '-f', file('ratchets.yaml', ratchets(true)))).stderr).toBe('');
    await servedSchemaHas('example.com/v1', '"maxLength":3');
    // A new object must satisfy the tightened schema.
    const r2 = await k('create', '-f', file('r2.yaml', r1.replace('name: r1', 'name: r2')));
    expect(r2.stderr).toContain('spec.name: Too long: may not be more than 3 bytes');
    // An update that leaves name, count and tag a as they were passes (tag b changes within bounds);
    // the CEL rule failing on the unchanged count is a warning, as kube sends it.
    expect((await k('patch', 'ratchet', 'r1', '--type=json', '-p', '[{"op":"replace","path":"/spec/tags/1/value","value":"no"}]')).stderr.trim()).toBe(
      'Warning: spec.count: Invalid value: "integer": count too high',
    );
    // Changing a value that stays invalid is refused, with the old errors left out.
    const renamed = await k('patch', 'ratchet', 'r1', '--type=merge', '-p', '{"spec":{"name":"stilltoolong"}}');
    expect(renamed.stderr.trim()).toBe(
      'The Ratchet "r1" is invalid: \n' +
        '* spec.name: Too long: may not be more than 3 bytes\n' +
        '* <nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation',
    );
    const counted = await k('patch', 'ratchet', 'r1', '--type=merge', '-p', '{"spec":{"count":21}}');
    expect(counted.stderr.trim()).toBe('The Ratchet "r1" is invalid: spec.count: Invalid value: "integer": count too high');
  });

  it('serves the CRDs it stored after a restart', async () => {
    await serve.interrupt();
    await start();
    expect(rows((await k('get', 'widgets', 'w1')).stdout)[1]).toEqual(['w1', 'blue']);
  });

  it('deletes a CRD through its cleanup finalizer: Terminating while objects remain, no creates, then gone with them', async () => {
    // An object with a finalizer of its own holds the CRD in Terminating.
    expect((await k('create', '-f', file('held.yaml', widget('held', '{color: red}').replace('metadata: {name: held}', 'metadata: {name: held, finalizers: [example.com/hold]}')))).stderr).toBe('');
    const del = await k('delete', 'crd', 'widgets.example.com', '--wait=false');
    expect(del.stdout.trim()).toBe('customresourcedefinition.apiextensions.k8s.io "widgets.example.com" deleted');
    expect((await k('wait', '--for', 'jsonpath={.status.conditions[?(@.type=="Terminating")].reason}=InstanceDeletionInProgress', 'crd/widgets.example.com', '--timeout=10s')).code).toBe(0);
    const crdNow = JSON.parse((await k('get', 'crd', 'widgets.example.com', '-o', 'json')).stdout) as {
      metadata: { finalizers?: string[]; deletionTimestamp?: string };
      status: { conditions: { type: string; status: string; reason: string; message: string }[] };
    };
    expect(crdNow.metadata.finalizers).toEqual(['customresourcecleanup.apiextensions.k8s.io']);
    expect(crdNow.metadata.deletionTimestamp).toBeDefined();
    expect(crdNow.status.conditions.find((c) => c.type === 'Terminating')).toMatchObject({ status: 'True', reason: 'InstanceDeletionInProgress', message: 'CustomResource deletion is in progress' });
    // The other objects are gone already; the held one waits for its finalizer.
    let names: string[] = [];
    for (let i = 0; i < 50 && names.join() !== 'NAME,held'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      names = rows((await k('get', 'widgets')).stdout).map((r) => r[0]!);
    }
    expect(names).toEqual(['NAME', 'held']);
    const create = await k('create', '-f', file('late.yaml', widget('late', '{color: red}')));
    expect(create.stderr.trim()).toBe('Error from server (MethodNotAllowed): error when creating "' + join(dir, 'late.yaml') + '": create not allowed while custom resource definition is terminating');
    expect((await k('patch', 'widget', 'held', '--type=json', '-p', '[{"op":"remove","path":"/metadata/finalizers"}]')).code).toBe(0);
    expect((await k('wait', '--for=delete', 'crd/widgets.example.com', '--timeout=10s')).code).toBe(0);
  });

  it('deletes the objects of a deleted CRD, and a CRD created again starts empty', async () => {
    await k('apply', '-f', join(dir, 'crd.yaml'));
    await k('wait', '--for', 'condition=established', 'crd/widgets.example.com', '--timeout=10s');
    expect((await k('create', '-f', file('w9.yaml', widget('w9', '{color: red}')))).stderr).toBe('');
    expect((await k('delete', 'crd', 'widgets.example.com')).stdout.trim()).toBe('customresourcedefinition.apiextensions.k8s.io "widgets.example.com" deleted');
    const gone = await k('get', 'widgets');
    expect(gone.stderr).toContain("the server doesn't have a resource type \"widgets\"");
    await k('apply', '-f', join(dir, 'crd.yaml'));
    await k('wait', '--for', 'condition=established', 'crd/widgets.example.com', '--timeout=10s');
    const empty = await k('get', 'widgets');
    expect(empty.stderr.trim()).toBe('No resources found in default namespace.');
  });
});
}

crdSession('SQLite', () => []);

let etcd: EtcdServer | undefined;
describe.skipIf(!kubectlPath)('on etcd', () => {
  beforeAll(async () => {
    etcd = await startEtcd();
  });
  afterAll(async () => {
    await etcd?.stop();
  });
  const etcdArgs = () => ['--storage', 'etcd', '--etcd-servers', etcd!.endpoints.join(',')];
  crdSession('etcd', etcdArgs);

  it('serves a CRD created on one server at once on another over the same etcd, and stops serving it there when it is deleted', async () => {
    const dirs = [mkdtempSync(join(tmpdir(), 'kapi-crd-a-')), mkdtempSync(join(tmpdir(), 'kapi-crd-b-'))];
    const [a, b] = await Promise.all(dirs.map((d) => startKapiServe(['--data-dir', d, '--port', '0', ...etcdArgs()])));
    try {
      const ka = (...args: string[]) => kubectl(a!.kubeconfig, args);
      const kb = (...args: string[]) => kubectl(b!.kubeconfig, args);
      const manifest = join(dirs[0]!, 'gears.yaml');
      writeFileSync(manifest, crd.replace(/widgets/g, 'gears').replace(/widget/g, 'gear').replace(/Widget/g, 'Gear').replace('shortNames: [wd], ', ''));
      expect((await ka('apply', '-f', manifest)).stderr).toBe('');
      expect((await kb('wait', '--for', 'condition=established', 'crd/gears.example.com', '--timeout=10s')).code).toBe(0);
      // B serves it as soon as its watch saw it: a create there succeeds within a second.
      const gear = join(dirs[1]!, 'g1.yaml');
      writeFileSync(gear, widget('g1', '{color: red}').replace('Widget', 'Gear'));
      let created = await kb('create', '-f', gear);
      for (let i = 0; i < 20 && created.code !== 0; i++) {
        await new Promise((r) => setTimeout(r, 50));
        created = await kb('create', '-f', gear);
      }
      expect(created.stdout.trim()).toBe('gear.example.com/g1 created');
      expect(rows((await ka('get', 'gears')).stdout).map((r) => r[0])).toEqual(['NAME', 'g1']);
      expect((await kb('delete', 'crd', 'gears.example.com')).code).toBe(0);
      let gone = await ka('get', 'gears');
      for (let i = 0; i < 20 && !gone.stderr.includes("doesn't have a resource type"); i++) {
        await new Promise((r) => setTimeout(r, 50));
        gone = await ka('get', 'gears');
      }
      expect(gone.stderr).toContain("the server doesn't have a resource type \"gears\"");
    } finally {
      await Promise.all([a?.interrupt(), b?.interrupt()]);
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  });
});
