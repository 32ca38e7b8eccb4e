// Behaviour of k8s.io/apiserver/pkg/warning (AddWarning on the request's context, v1.33): what a
// strategy or validator warns about during a request reaches the response's Warning headers.
import { AsyncLocalStorage } from 'node:async_hooks';

const sink = new AsyncLocalStorage<string[]>();

/** Runs `fn` collecting the warnings added while it runs (in any async continuation of it). */
export function collectWarnings<T>(fn: () => Promise<T>): Promise<T> {
  return sink.run([], fn);
}

/** Adds a warning to the request being served (dropped outside {@link collectWarnings}). */
export function addWarning(message: string): void {
  const warnings = sink.getStore();
  // kube's recorder keeps one of each text.
  if (warnings && !warnings.includes(message)) warnings.push(message);
}

/** The warnings added so far to the request being served. */
export function currentWarnings(): readonly string[] {
  return sink.getStore() ?? [];
}
