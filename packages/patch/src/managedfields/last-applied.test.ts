// Port of k8s.io/apimachinery/pkg/util/managedfields/internal lastappliedmanager_test.go and
// lastappliedupdater_test.go (v0.33.9): server-side apply by `kubectl` taking over what client-side
// apply last set, and keeping the last-applied annotation in step.
import { describe, expect, it } from 'vitest';
import { isConflict, isStatusError, type KubeObject } from '@kapi/apimachinery';
import { FieldSet, keyByFields, makePathOrDie, type Conflict } from '@kapi/structured-merge-diff';
import {
  deepDerivative,
  errorOf,
  fakeTypeConverter,
  getLastApplied,
  newTestFieldManager,
  setLastAppliedFromEncoded,
  yamlObject,
  type TestFieldManager,
} from '../../test/managedfields-harness.ts';
import { newApplyConflictError } from './conflict.ts';
import { lastAppliedConfigAnnotation, lastAppliedUpdater } from './last-applied.ts';

const tc = fakeTypeConverter();

interface TestArgs {
  /** The annotation client-side apply left; the original object when undefined. */
  lastApplied?: string;
  original: string;
  applied: string;
  fieldManager: string;
  expectConflictSet?: FieldSet;
}

/** Each case: a client-side-applied object (an Update with the annotation), then an apply. */
function testConflicts(f: TestFieldManager, tests: TestArgs[]): void {
  it.each(tests.map((t, i) => [i, t] as const))('test %i', (_i, test) => {
    f.reset();
    const originalObj = yamlObject(test.original);
    setLastAppliedFromEncoded(originalObj, test.lastApplied ?? test.original);
    f.update(originalObj, 'test_client_side_apply');

    const appliedObj = yamlObject(test.applied);
    const err = errorOf(() => f.apply(appliedObj, test.fieldManager, false));
    if (test.expectConflictSet === undefined) {
      expect(err).toBeUndefined();
    } else {
      expect(isConflict(err), `expected conflicts, got ${String(err)}`).toBe(true);
      const expectedConflicts: Conflict[] = [];
      test.expectConflictSet.iterate((path) =>
        expectedConflicts.push({ manager: `{"manager":"test_client_side_apply","operation":"Update","apiVersion":"${f.apiVersion()}"}`, path }),
      );
      expect(isStatusError(err) ? err.status : err).toStrictEqual(newApplyConflictError(expectedConflicts).status);

      // Forcing resolves every conflict.
      f.apply(appliedObj, test.fieldManager, true);
    }
    // The object ends up with the applied changes.
    expect(deepDerivative(appliedObj, f.live()), `expected equal resource:\n${JSON.stringify(appliedObj)}\ngot:\n${JSON.stringify(f.live())}`).toBe(true);
  });
}

describe('lastappliedmanager_test.go', () => {
  // Applying to an object created with client-side apply's annotation gives no conflicts.
  describe('TestApplyUsingLastAppliedAnnotation', () => {
    const f = newTestFieldManager(tc, 'apps/v1', 'Deployment');
    testConflicts(f, [
      {
        fieldManager: 'kubectl',
        lastApplied: `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
spec:
  replicas: 3
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image-v1
      - name: my-c2
        image: my-image2
`,
        original: `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app # missing from last-applied
spec:
  replicas: 100 # does not match last-applied
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image-v2 # does no match last-applied
      # note that second container in last-applied is missing
`,
        applied: `
# test conflicts due to fields not allowed by last-applied

apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-new-label # NOT allowed: update label
spec:
  replicas: 333 # NOT allowed: update replicas
  selector:
    matchLabels:
      app: my-new-label # allowed: update label
  template:
    metadata:
      labels:
        app: my-new-label # allowed: update-label
    spec:
      containers:
      - name: my-c
        image: my-image-new # NOT allowed: update image
`,
        expectConflictSet: FieldSet.of(
          makePathOrDie('metadata', 'labels', 'app'),
          makePathOrDie('spec', 'replicas'),
          makePathOrDie('spec', 'template', 'spec', 'containers', keyByFields('name', 'my-c'), 'image'),
        ),
      },
      {
        fieldManager: 'kubectl',
        lastApplied: `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app
spec:
  replicas: 3
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image
`,
        original: `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app
spec:
  replicas: 100 # does not match last applied
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image
`,
        applied: `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-new-label
spec:
  replicas: 3 # expect conflict
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image
`,
        expectConflictSet: FieldSet.of(makePathOrDie('spec', 'replicas')),
      },
      {
        fieldManager: 'kubectl',
        original: `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app
spec:
  replicas: 100
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image
`,
        applied: `
# applied object matches original

apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app
spec:
  replicas: 100
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image
`,
      },
      {
        fieldManager: 'kubectl',
        original: `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app
spec:
  replicas: 3
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image
`,
        applied: `
# test allowed update with no conflicts

apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-new-label # update label
spec:
  replicas: 333 # update replicas
  selector:
    matchLabels:
      app: my-new-label # update label
  template:
    metadata:
      labels:
        app: my-new-label # update-label
    spec:
      containers:
      - name: my-c
        image: my-image
`,
      },
      {
        fieldManager: 'not_kubectl',
        lastApplied: `
# expect conflicts because field manager is NOT kubectl

apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app
spec:
  replicas: 3
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image-v1
`,
        original: `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app
spec:
  replicas: 100 # does not match last-applied
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image-v2 # does no match last-applied
`,
        applied: `
# test conflicts due to fields not allowed by last-applied

apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-new-label # update label
spec:
  replicas: 333 # update replicas
  selector:
    matchLabels:
      app: my-new-label # update label
  template:
    metadata:
      labels:
        app: my-new-label # update-label
    spec:
      containers:
      - name: my-c
        image: my-image-new # update image
`,
        expectConflictSet: FieldSet.of(
          makePathOrDie('metadata', 'labels', 'app'),
          makePathOrDie('spec', 'replicas'),
          makePathOrDie('spec', 'selector'), // selector is atomic
          makePathOrDie('spec', 'template', 'metadata', 'labels', 'app'),
          makePathOrDie('spec', 'template', 'spec', 'containers', keyByFields('name', 'my-c'), 'image'),
        ),
      },
      {
        fieldManager: 'kubectl',
        original: `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app
spec:
  replicas: 3
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image
`,
        applied: `
# test allowed update with no conflicts

apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-new-label
spec:
  replicas: 3
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-new-image # update image
`,
      },
      {
        fieldManager: 'not_kubectl',
        original: `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app
spec:
  replicas: 100
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image
`,
        applied: `

# expect changes to fail because field manager is not kubectl

apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-new-label # update label
spec:
  replicas: 3 # update replicas
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-new-image # update image
`,
        expectConflictSet: FieldSet.of(
          makePathOrDie('metadata', 'labels', 'app'),
          makePathOrDie('spec', 'replicas'),
          makePathOrDie('spec', 'template', 'spec', 'containers', keyByFields('name', 'my-c'), 'image'),
        ),
      },
      {
        fieldManager: 'kubectl',
        original: `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
spec:
  replicas: 3
`,
        applied: `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
spec:
  replicas: 100 # update replicas
`,
      },
      {
        fieldManager: 'kubectl',
        lastApplied: `
apiVersion: extensions/v1beta1
kind: Deployment
metadata:
  name: my-deployment
spec:
  replicas: 3
`,
        original: `
apiVersion: apps/v1 # expect conflict due to apiVersion mismatch with last-applied
kind: Deployment
metadata:
  name: my-deployment
spec:
  replicas: 3
`,
        applied: `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
spec:
  replicas: 100 # update replicas
`,
        expectConflictSet: FieldSet.of(makePathOrDie('spec', 'replicas')),
      },
      {
        fieldManager: 'kubectl',
        lastApplied: `
apiVerison: foo
kind: bar
spec: expect conflict due to invalid object
`,
        original: `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
spec:
  replicas: 3
`,
        applied: `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
spec:
  replicas: 100 # update replicas
`,
        expectConflictSet: FieldSet.of(makePathOrDie('spec', 'replicas')),
      },
      {
        fieldManager: 'kubectl',
        // last-applied is empty
        lastApplied: '',
        original: `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
spec:
  replicas: 3
`,
        applied: `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
spec:
  replicas: 100 # update replicas
`,
        expectConflictSet: FieldSet.of(makePathOrDie('spec', 'replicas')),
      },
    ]);
  });

  describe('TestServiceApply', () => {
    const f = newTestFieldManager(tc, 'v1', 'Service');
    const original = `
apiVersion: v1
kind: Service
metadata:
  name: test
spec:
  ports:
  - name: https
    port: 443
    protocol: TCP
    targetPort: 8443
  selector:
    old: test
`;
    testConflicts(f, [
      {
        fieldManager: 'kubectl',
        original,
        applied: `
# All accepted while using the same field manager

apiVersion: v1
kind: Service
metadata:
  name: test
spec:
  ports:
  - name: https
    port: 443
    protocol: TCP
    targetPort: 8444
  selector:
    new: test
`,
      },
      {
        fieldManager: 'kubectl',
        original,
        applied: `
# Allowed to remove selectors while using the same field manager

apiVersion: v1
kind: Service
metadata:
  name: test
spec:
  ports:
  - name: https
    port: 443
    protocol: TCP
    targetPort: 8444
  selector: {}
`,
      },
      {
        fieldManager: 'not_kubectl',
        original: `
apiVersion: v1
kind: Service
metadata:
  name: test
spec:
  ports:
  - name: https
    port: 443
    protocol: TCP # TODO: issue - this is a defaulted field, should not be required in a new spec
    targetPort: 8443
  selector:
    old: test
`,
        applied: `
# test selector update not allowed by last-applied

apiVersion: v1
kind: Service
metadata:
  name: test
spec:
  ports:
  - name: https
    port: 443
    protocol: TCP
    targetPort: 8444
  selector:
    new: test
`,
        expectConflictSet: FieldSet.of(
          makePathOrDie('spec', 'selector'), // selector is atomic
          makePathOrDie('spec', 'ports', keyByFields('port', 443, 'protocol', 'TCP'), 'targetPort'),
        ),
      },
    ]);
  });

  describe('TestReplicationControllerApply', () => {
    const f = newTestFieldManager(tc, 'v1', 'ReplicationController');
    const original = `
apiVersion: v1
kind: ReplicationController
metadata:
  name: test
spec:
  replicas: 0
  selector:
    old: test
`;
    testConflicts(f, [
      {
        fieldManager: 'kubectl',
        original,
        applied: `
# All accepted while using the same field manager

apiVersion: v1
kind: ReplicationController
metadata:
  name: test
spec:
  replicas: 3
  selector:
    new: test
`,
      },
      {
        fieldManager: 'not_kubectl',
        original,
        applied: `
# test selector update not allowed by last-applied

apiVersion: v1
kind: ReplicationController
metadata:
  name: test
spec:
  replicas: 3
  selector:
    new: test
`,
        expectConflictSet: FieldSet.of(
          makePathOrDie('spec', 'selector'), // selector is atomic
          makePathOrDie('spec', 'replicas'),
        ),
      },
    ]);
  });

  describe('TestPodApply', () => {
    const f = newTestFieldManager(tc, 'v1', 'Pod');
    const original = `
apiVersion: v1
kind: Pod
metadata:
  name: test
  namespace: test
spec:
  containers:
  - args:
    - -v=2
    command:
    - controller
    image: some.registry/app:latest
    name: doJob
  nodeName: definetlyControlPlane
  nodeSelector:
    node-role.kubernetes.io/master: ""
`;
    testConflicts(f, [
      {
        fieldManager: 'kubectl',
        original,
        applied: `
# All accepted while using the same field manager

apiVersion: v1
kind: Pod
metadata:
  name: test
  namespace: test
spec:
  containers:
  - args:
    - -v=2
    command:
    - controller
    image: some.registry/app:latest
    name: doJob
  nodeSelector:
    node-role.kubernetes.io/worker: ""
`,
      },
      {
        fieldManager: 'not_kubectl',
        original,
        applied: `
# test selector update not allowed by last-applied

apiVersion: v1
kind: Pod
metadata:
  name: test
  namespace: test
spec:
  containers:
  - args:
    - -v=2
    command:
    - controller
    image: some.registry/app:latest
    name: doJob
  nodeName: definetlyControlPlane
  nodeSelector:
    node-role.kubernetes.io/master: ""
    otherNodeType: ""
`,
        expectConflictSet: FieldSet.of(
          makePathOrDie('spec', 'nodeSelector'), // selector is atomic
        ),
      },
      {
        fieldManager: 'not_kubectl',
        original,
        applied: `
# purging selector not allowed for different manager

apiVersion: v1
kind: Pod
metadata:
  name: test
  namespace: test
spec:
  containers:
  - args:
    - -v=2
    command:
    - controller
    image: some.registry/app:latest
    name: doJob
  nodeName: another
  nodeSelector: {}
`,
        expectConflictSet: FieldSet.of(
          makePathOrDie('spec', 'nodeSelector'), // selector is atomic
          makePathOrDie('spec', 'nodeName'),
        ),
      },
      {
        fieldManager: 'kubectl',
        original,
        applied: `
# same manager could purge nodeSelector

apiVersion: v1
kind: Pod
metadata:
  name: test
  namespace: test
spec:
  containers:
  - args:
    - -v=2
    command:
    - controller
    image: some.registry/app:latest
    name: doJob
  nodeName: another
  nodeSelector: {}
`,
      },
    ]);
  });
});

describe('lastappliedupdater_test.go', () => {
  it('TestLastAppliedUpdater', () => {
    const f = newTestFieldManager(tc, 'apps/v1', 'Deployment', '', (m) => lastAppliedUpdater(m));
    const originalLastApplied = 'nonempty';
    const appliedObj = yamlObject(`
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  annotations:
    "kubectl.kubernetes.io/last-applied-configuration": "${originalLastApplied}"
  labels:
    app: my-app
spec:
  replicas: 20
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image
`);
    f.apply(appliedObj, 'NOT-KUBECTL', false);
    expect(getLastApplied(f.live()), 'only kubectl updates the annotation').toBe(originalLastApplied);

    f.apply(appliedObj, 'kubectl', false);
    const lastApplied = getLastApplied(f.live());
    expect(lastApplied).not.toBe(originalLastApplied);
    expect(lastApplied).toContain('my-app');
    expect(lastApplied).toContain('my-image');
  });

  describe('TestLargeLastApplied', () => {
    const configMap = (): KubeObject =>
      JSON.parse(`{
   "metadata": {
      "name": "large-update-test-cm",
      "namespace": "default",
      "annotations": {
         "kubectl.kubernetes.io/last-applied-configuration": "nonempty"
      }
   },
   "apiVersion": "v1",
   "kind": "ConfigMap",
   "data": {
      "k": "v"
   }
}`) as KubeObject;
    const unique = (i: number) => `this-key-is-very-long-so-as-to-create-a-very-large-serialized-fieldset-${i}`;
    const withData = (obj: KubeObject, n: number, annotations = false): KubeObject => {
      const data = obj.data as Record<string, string>;
      for (let i = 0; i < n; i++) {
        data[unique(i)] = 'A';
        if (annotations) obj.metadata!.annotations![unique(i)] = 'A';
      }
      return obj;
    };
    it.each([
      { name: 'old object + new object last-applied annotation is too big', oldObject: configMap(), newObject: withData(configMap(), 9999) },
      {
        name: 'old object + new object annotations + new object last-applied annotation is too big',
        oldObject: withData(configMap(), 2000),
        newObject: withData(configMap(), 2000, true),
      },
    ])('$name', ({ oldObject, newObject }) => {
      const f = newTestFieldManager(tc, 'v1', 'ConfigMap', '', (m) => lastAppliedUpdater(m));
      f.apply(oldObject, 'kubectl', false);
      const lastApplied = getLastApplied(f.live());
      expect(lastApplied).not.toBe('');
      expect(lastApplied).not.toBe('nonempty');

      f.apply(newObject, 'kubectl', false);
      const annotations = f.live().metadata?.annotations;
      expect(annotations, 'no annotations on the object').toBeDefined();
      expect(annotations?.[lastAppliedConfigAnnotation], 'expected no last-applied annotation').toBeUndefined();
    });
  });
});
