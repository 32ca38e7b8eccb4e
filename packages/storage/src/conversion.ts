// The Store's asynchronous conversion step: what kube's versioning codec does around a custom
// resource's storage when the CRD converts through a webhook (k8s.io/apiserver
// pkg/storage/etcd3/store.go decodes and encodes through that codec; v1.33).
import type { KubeObject } from '@kapi/apimachinery';

/**
 * Converts objects between the version a Store keeps (what its codec encodes and decodes) and the
 * version it serves, when that cannot be done synchronously inside the codec (a CRD's conversion
 * webhook). A Store without one does no conversion beyond its codec, and none of its paths wait.
 *
 * - `fromStorage` runs on every object the Store decodes — gets, list items, the current object of
 *   guaranteedUpdate and delete, the object a write returns, each object of a watch event — before
 *   its resourceVersion is set. It receives the freshly decoded object, owned by the call: it may
 *   change it and return it, or return another object.
 * - `toStorage` runs on every object the Store encodes — creates, the result of tryUpdate, and a
 *   cached current object that guaranteedUpdate compares with the new bytes — after its
 *   resourceVersion was cleared. It must not change its argument.
 *
 * A rejection fails the operation with that error, unchanged (the registry above makes it a Status);
 * in a watch it ends the watch with an ERROR event, an InternalError with the error's message (what
 * kube's watcher sends for an error of its codec). Events of one watch are converted one after the
 * other and delivered in revision order.
 */
export interface ObjectConversion {
  fromStorage(obj: KubeObject): Promise<KubeObject>;
  toStorage(obj: KubeObject): Promise<KubeObject>;
}
