// Probes and lifecycle handlers of containers, as declared in k8s.io/api core/v1/types.go and
// generated.proto (v0.33.13).
import type { z } from 'zod';
import { field, struct, types } from '@kapi/apimachinery';
import { coreV1 } from '../../meta-fields.ts';
import { embed } from './embed.ts';

/** A command run in the container. */
export const ExecAction = struct(coreV1('ExecAction', 'A command run in the container.'), {
  command: field(1, types.list(types.string()), {
    description: 'The command and arguments, run without a shell in /; exit status 0 is success.',
    listType: 'atomic',
  }),
});
export type ExecAction = z.infer<typeof ExecAction>;

/** An HTTP header. */
export const HTTPHeader = struct(coreV1('HTTPHeader', 'An HTTP header.'), {
  name: field(1, types.string(), { description: 'The header name.', required: true, default: '' }),
  value: field(2, types.string(), { description: 'The header value.', required: true, default: '' }),
});
export type HTTPHeader = z.infer<typeof HTTPHeader>;

/** An HTTP GET request. */
export const HTTPGetAction = struct(coreV1('HTTPGetAction', 'An HTTP GET request.'), {
  path: field(1, types.string(), { description: 'The request path.' }),
  port: field(2, types.intOrString(), { description: 'The port, by number or name.', required: true }),
  host: field(3, types.string(), { description: 'The host to connect to; the pod IP by default.' }),
  scheme: field(4, types.string(), { description: 'HTTP (default) or HTTPS.' }),
  httpHeaders: field(5, types.list(HTTPHeader), { description: 'Extra request headers.', listType: 'atomic' }),
});
export type HTTPGetAction = z.infer<typeof HTTPGetAction>;

/** A TCP connection. */
export const TCPSocketAction = struct(coreV1('TCPSocketAction', 'A TCP connection.'), {
  port: field(1, types.intOrString(), { description: 'The port, by number or name.', required: true }),
  host: field(2, types.string(), { description: 'The host to connect to; the pod IP by default.' }),
});
export type TCPSocketAction = z.infer<typeof TCPSocketAction>;

/** A gRPC health check request. */
export const GRPCAction = struct(coreV1('GRPCAction', 'A gRPC health check request.'), {
  port: field(1, types.int32(), { description: 'The port of the gRPC service.', required: true, default: 0 }),
  service: field(2, types.string(), { description: 'The service name for the HealthCheckRequest.', pointer: true, default: '' }),
});
export type GRPCAction = z.infer<typeof GRPCAction>;

/** A pause. */
export const SleepAction = struct(coreV1('SleepAction', 'A pause.'), {
  seconds: field(1, types.int64(), { description: 'How long to sleep.', required: true, default: 0 }),
});
export type SleepAction = z.infer<typeof SleepAction>;

/** The action of a probe; exactly one member is set. */
export const ProbeHandler = struct(coreV1('ProbeHandler', 'The action of a probe; exactly one member is set.'), {
  exec: field(1, ExecAction, { description: 'A command run in the container.', pointer: true }),
  httpGet: field(2, HTTPGetAction, { description: 'An HTTP GET request.', pointer: true }),
  tcpSocket: field(3, TCPSocketAction, { description: 'A TCP connection.', pointer: true }),
  grpc: field(4, GRPCAction, { description: 'A gRPC health check.', pointer: true }),
});
export type ProbeHandler = z.infer<typeof ProbeHandler>;

/** A health check of a container. */
export const Probe = struct(coreV1('Probe', 'A health check of a container.'), {
  ...embed(1, 'handler', ProbeHandler),
  initialDelaySeconds: field(2, types.int32(), { description: 'Seconds after the container starts before probing begins.' }),
  timeoutSeconds: field(3, types.int32(), { description: 'Seconds after which a probe times out; 1 by default.' }),
  periodSeconds: field(4, types.int32(), { description: 'Seconds between probes; 10 by default.' }),
  successThreshold: field(5, types.int32(), {
    description: 'Consecutive successes that count as success after a failure; 1 by default (and for liveness and startup).',
  }),
  failureThreshold: field(6, types.int32(), { description: 'Consecutive failures that count as failure; 3 by default.' }),
  terminationGracePeriodSeconds: field(7, types.int64(), {
    description: "Grace period for a kill caused by this probe; the pod's value when unset.",
    pointer: true,
  }),
});
export type Probe = z.infer<typeof Probe>;

/** A lifecycle action; exactly one member is set. */
export const LifecycleHandler = struct(coreV1('LifecycleHandler', 'A lifecycle action; exactly one member is set.'), {
  exec: field(1, ExecAction, { description: 'A command run in the container.', pointer: true }),
  httpGet: field(2, HTTPGetAction, { description: 'An HTTP GET request.', pointer: true }),
  tcpSocket: field(3, TCPSocketAction, { description: 'A TCP connection. Deprecated; kept for compatibility.', pointer: true }),
  sleep: field(4, SleepAction, { description: 'A pause.', pointer: true }),
});
export type LifecycleHandler = z.infer<typeof LifecycleHandler>;

/** Actions run when a container starts and stops. */
export const Lifecycle = struct(coreV1('Lifecycle', 'Actions run when a container starts and stops.'), {
  postStart: field(1, LifecycleHandler, { description: 'Runs right after the container is created; failure restarts the container.', pointer: true }),
  preStop: field(2, LifecycleHandler, { description: 'Runs before the container is terminated.', pointer: true }),
  stopSignal: field(3, types.string(), { description: 'The signal that stops the container.', pointer: true }),
});
export type Lifecycle = z.infer<typeof Lifecycle>;
