// Behaviour of sigs.k8s.io/structured-merge-diff/v4/merge/real_test.go (v4.6.0)
//
// Upstream has only BenchmarkOperations here: every operation sequence on real Kubernetes objects
// and schemas, timed. The port runs each sequence once as a test (preprocessed, as the benchmark
// body does): it must not fail, and the object it leaves must be the object applied.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  apply,
  benchTestCase,
  newState,
  preprocessOperations,
  sameVersionParser,
  update,
  type Operation,
  type Parser,
} from '../../src/testing/index.ts';
import { newUpdater } from '../../src/merge/update.ts';
import { newParser } from './helpers.ts';

function testdata(file: string): string {
  return new URL(`../fixtures/${file}`, import.meta.url).pathname;
}

function read(file: string): string {
  return readFileSync(file, 'utf8');
}

const parsers = new Map<string, ReturnType<typeof newParser>>();
function loadParser(name: string): ReturnType<typeof newParser> {
  let parser = parsers.get(name);
  if (parser === undefined) {
    parser = newParser(read(testdata(name)));
    parsers.set(name, parser);
  }
  return parser;
}

const k8s = () => loadParser('k8s-schema.yaml');
const apiresourceimport = () => loadParser('apiresourceimport.yaml');
const k8s100pctOverrides = () => loadParser('k8s-schema-100pct-fieldoverride.yaml');
const k8s10pctOverrides = () => loadParser('k8s-schema-10pct-fieldoverride.yaml');

const benches: { name: string; parser: () => Parser; typeName: string; filename: string }[] = [
  { name: 'Pod', parser: k8s, typeName: 'io.k8s.api.core.v1.Pod', filename: 'pod.yaml' },
  { name: 'Node', parser: k8s, typeName: 'io.k8s.api.core.v1.Node', filename: 'node.yaml' },
  { name: 'Endpoints', parser: k8s, typeName: 'io.k8s.api.core.v1.Endpoints', filename: 'endpoints.yaml' },
  { name: 'Node100%override', parser: k8s100pctOverrides, typeName: 'io.k8s.api.core.v1.Node', filename: 'node.yaml' },
  { name: 'Node10%override', parser: k8s10pctOverrides, typeName: 'io.k8s.api.core.v1.Node', filename: 'node.yaml' },
  {
    name: 'Endpoints100%override',
    parser: k8s100pctOverrides,
    typeName: 'io.k8s.api.core.v1.Endpoints',
    filename: 'endpoints.yaml',
  },
  {
    name: 'Endpoints10%override',
    parser: k8s10pctOverrides,
    typeName: 'io.k8s.api.core.v1.Endpoints',
    filename: 'endpoints.yaml',
  },
  {
    name: 'PrometheusCRD',
    parser: k8s,
    typeName: 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1beta1.CustomResourceDefinition',
    filename: 'prometheus-crd.yaml',
  },
  { name: 'apiresourceimport', parser: apiresourceimport, typeName: 'apiresourceimport', filename: 'apiresourceimport-cr.yaml' },
];

function operations(obj: string): { name: string; returnInputOnNoop?: boolean; ops: Operation[] }[] {
  return [
    { name: 'Create', ops: [update({ manager: 'controller', apiVersion: 'v1', object: obj })] },
    { name: 'Apply', ops: [apply({ manager: 'controller', apiVersion: 'v1', object: obj })] },
    {
      name: 'ApplyTwice',
      ops: [
        apply({ manager: 'controller', apiVersion: 'v1', object: obj }),
        apply({ manager: 'other-controller', apiVersion: 'v1', object: obj }),
      ],
    },
    {
      name: 'ApplyTwiceNoCompare',
      returnInputOnNoop: true,
      ops: [
        apply({ manager: 'controller', apiVersion: 'v1', object: obj }),
        apply({ manager: 'other-controller', apiVersion: 'v1', object: obj }),
      ],
    },
    {
      name: 'Update',
      ops: [
        update({ manager: 'controller', apiVersion: 'v1', object: obj }),
        update({ manager: 'other-controller', apiVersion: 'v1', object: obj }),
      ],
    },
    {
      name: 'UpdateVersion',
      ops: [
        update({ manager: 'controller', apiVersion: 'v1', object: obj }),
        update({ manager: 'other-controller', apiVersion: 'v2', object: obj }),
      ],
    },
  ];
}

describe('BenchmarkOperations', () => {
  for (const bench of benches) {
    describe(bench.name, () => {
      const obj = read(testdata(bench.filename));
      for (const test of operations(obj)) {
        it(test.name, () => {
          const p = sameVersionParser(bench.parser().type(bench.typeName));
          const tc = {
            ops: test.ops,
            ...(test.returnInputOnNoop !== undefined ? { returnInputOnNoop: test.returnInputOnNoop } : {}),
          };
          preprocessOperations(tc, p);
          benchTestCase(tc, p);
        });
      }
    });
  }

  // Not upstream: what the benchmark runs must also come out right, or it times a failure.
  it('leaves the applied Pod as the live object, owned by both appliers', () => {
    const p = sameVersionParser(k8s().type('io.k8s.api.core.v1.Pod'));
    const obj = read(testdata('pod.yaml'));
    const state = newState({ updater: newUpdater(), parser: p });
    state.apply(obj, 'v1', 'controller', false);
    state.apply(obj, 'v1', 'other-controller', false);
    expect(state.compareLive(obj, 'v1')).toBe('');
    expect([...state.managers.keys()].sort()).toEqual(['controller', 'other-controller']);
    const controller = state.managers.get('controller');
    const other = state.managers.get('other-controller');
    expect(controller && other && controller.set.equals(other.set)).toBe(true);
  });
});
