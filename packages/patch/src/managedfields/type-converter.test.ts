// Port of k8s.io/apimachinery/pkg/util/managedfields/internal/typeconverter_test.go (v0.33.9):
// objects to typed values and back, with OpenAPI types and with deduced types.
import { describe, expect, it } from 'vitest';
import { gvkIndexFromOpenAPI } from '@kapi/structured-merge-diff';
import { testTypeConverter, yamlObject } from '../../test/managedfields-harness.ts';
import { createDeducedTypeConverter, isNoCorrespondingTypeError, type TypeConverter } from './type-converter.ts';

describe('typeconverter_test.go', () => {
  describe('TestTypeConverter', () => {
    const dtc = createDeducedTypeConverter();
    const testCases = [
      {
        name: 'apps/v1.Deployment',
        yaml: `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.15.4
`,
      },
      {
        name: 'extensions/v1beta1.Deployment',
        yaml: `
apiVersion: extensions/v1beta1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.15.4
`,
      },
      {
        name: 'v1.Pod',
        yaml: `
apiVersion: v1
kind: Pod
metadata:
  name: nginx-pod
  labels:
    app: nginx
spec:
  containers:
  - name: nginx
    image: nginx:1.15.4
`,
      },
    ];

    function testObjectToTyped(tc: TypeConverter, y: string): void {
      const obj = yamlObject(y);
      const typed = tc.objectToTyped(obj);
      expect(tc.typedToObject(typed), 'round trip').toStrictEqual(obj);
    }

    for (const testCase of testCases) {
      it(`${testCase.name} ObjectToTyped with TypeConverter`, () => testObjectToTyped(testTypeConverter(), testCase.yaml));
      it(`${testCase.name} ObjectToTyped with DeducedTypeConverter`, () => testObjectToTyped(dtc, testCase.yaml));
    }

    // Not upstream: a kind without a type is kube's noCorrespondingTypeErr.
    it('a kind without a type', () => {
      let err: unknown;
      try {
        testTypeConverter().objectToTyped({ apiVersion: 'example.com/v1', kind: 'Nothing' });
      } catch (e) {
        err = e;
      }
      expect(isNoCorrespondingTypeError(err)).toBe(true);
      expect((err as Error).message).toBe('no corresponding type for example.com/v1, Kind=Nothing');
    });
  });

  // BenchmarkObjectToTyped: a Go benchmark, not ported.

  // indexModels: definitions with x-kubernetes-group-version-kind, by GVK. Go also accepts the
  // extension's entries as map[interface{}]interface{} (def3's second); JSON has one map type.
  it('TestIndexModels', () => {
    const myDefs: Record<string, Record<string, unknown>> = {
      // An empty GVK extension is ignored.
      def0: { 'x-kubernetes-group-version-kind': [] },
      // A null GVK extension is ignored.
      'def0.0': { 'x-kubernetes-group-version-kind': null },
      // No extension at all.
      'def0.1': {},
      // One GVK.
      def1: { 'x-kubernetes-group-version-kind': [{ group: 'mygroup', version: 'v1', kind: 'MyKind' }] },
      // Two versions.
      def2: {
        'x-kubernetes-group-version-kind': [
          { group: 'mygroup', version: 'v1', kind: 'MyOtherKind' },
          { group: 'mygroup', version: 'v2', kind: 'MyOtherKind' },
        ],
      },
      // GVKs mixed from other definitions.
      def3: {
        'x-kubernetes-group-version-kind': [
          { group: 'mygroup', version: 'v3', kind: 'MyKind' },
          { group: 'mygroup', version: 'v3', kind: 'MyOtherKind' },
        ],
      },
    };
    const index = gvkIndexFromOpenAPI(myDefs);
    expect(index.size).toBe(5);
    expect(Object.fromEntries(index)).toStrictEqual({
      'mygroup/v1/MyKind': 'def1',
      'mygroup/v1/MyOtherKind': 'def2',
      'mygroup/v2/MyOtherKind': 'def2',
      'mygroup/v3/MyKind': 'def3',
      'mygroup/v3/MyOtherKind': 'def3',
    });
  });
});
