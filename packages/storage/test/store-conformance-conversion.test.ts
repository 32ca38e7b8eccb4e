// The Store conformance suite again, through an asynchronous conversion (what a CRD's conversion
// webhook makes of the Store): an identity that answers after a random pause and hands back copies,
// so the suite checks that every path waits for it, keeps revision order and never shares objects.
import type { KubeObject } from '@kapi/apimachinery';
import { createMemoryKv, runStoreConformance } from '../src/testing/index.ts';

const pause = () => new Promise<void>((resolve) => (Math.random() < 0.5 ? setImmediate(resolve) : setTimeout(resolve, Math.random() * 2)));

runStoreConformance({
  name: 'memory, asynchronous conversion',
  newKv: async () => createMemoryKv({ progressNotifyIntervalMs: 100 }),
  newConversion: () => ({
    async fromStorage(obj: KubeObject) {
      await pause();
      return structuredClone(obj);
    },
    async toStorage(obj: KubeObject) {
      const frozen = JSON.stringify(obj);
      await pause();
      if (JSON.stringify(obj) !== frozen) throw new Error('toStorage saw its argument change');
      return structuredClone(obj);
    },
  }),
});
