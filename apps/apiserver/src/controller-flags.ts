// Behaviour of kube-controller-manager's flags (cmd/kube-controller-manager/app/options: --controllers'
// names, --leader-elect's durations) (v1.33): what `kapi serve` checks its flags against before it
// loads the controllers themselves.

/** kube-controller-manager's leader election defaults (--leader-elect-lease-duration 15s, renew 10s, retry 2s). */
export const defaultLeaderElection = { leaseDurationMs: 15_000, renewDeadlineMs: 10_000, retryPeriodMs: 2_000 };

/**
 * The names --controllers knows: each controller's name and its aliases, in kube's order of names.
 * controllers.ts knownControllers() derives the same list from the controllers themselves; a test
 * keeps the two equal.
 */
export const controllerNames: readonly string[] = [
  'endpoints-controller',
  'endpoint',
  'endpointslice-controller',
  'endpointslice',
  'pod-garbage-collector-controller',
  'podgc',
  'garbage-collector-controller',
  'garbagecollector',
  'namespace-controller',
  'namespace',
  'serviceaccount-controller',
  'serviceaccount',
  'clusterrole-aggregation-controller',
  'clusterrole-aggregation',
  'root-ca-certificate-publisher-controller',
  'root-ca-cert-publisher',
];
