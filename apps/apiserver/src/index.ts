/**
 * @kapi/apiserver — the HTTP server real Kubernetes clients talk to: routing, discovery, content
 * negotiation (JSON, Tables), the REST verbs, watch streams, and the `kapi` CLI. The only package
 * that composes the stack (backend → cacher → registry).
 */
export { createApiHandler, createApiServer, type ApiHandlerOptions } from './server.ts';
export { composeStack, registryPathPrefix, systemNamespaces, type Stack, type StorageBackend } from './compose.ts';
export { startServer, ServeOptions, defaultPort, type RunningServer } from './serve.ts';
export { listenEarly, type ListeningServer } from './listen-early.ts';
export type { StartedEarly } from './serve.ts';
export { kubeconfigYaml, writeKubeconfig } from './kubeconfig.ts';
export { versionInfo } from './version.ts';
