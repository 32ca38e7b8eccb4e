// Behaviour of k8s.io/apimachinery/pkg/api/errors HasStatusCause (v0.33).
import { isStatusError } from '@kapi/apimachinery';

/** Whether `err` is a Status error with a cause of type `reason` (`NamespaceTerminating` …). */
export function hasStatusCause(err: unknown, reason: string): boolean {
  return isStatusError(err) && (err.status.details?.causes ?? []).some((c) => c.reason === reason);
}

/** The namespace lifecycle admission's cause for a create in a terminating namespace (v1.NamespaceTerminatingCause). */
export const namespaceTerminatingCause = 'NamespaceTerminating';
