// Test helpers of @kapi/storage-etcd3: a throwaway etcd on loopback ports.
export { startEtcd, findEtcdBinary, freeLoopbackPort, etcdBinaryVersion } from './etcd-server.ts';
export type { EtcdServer, StartEtcdOptions } from './etcd-server.ts';
