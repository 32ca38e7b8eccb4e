/**
 * Test helpers of @kapi/apiserver: `startTestServer()` starts a complete kapi on a free loopback
 * port over in-memory SQLite (or etcd), with a kubeconfig for kubectl and client libraries.
 */
export { startTestServer, type TestServer, type TestServerOptions } from './test-server.ts';
