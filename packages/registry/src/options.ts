// The options of registry operations, as the HTTP layer parses them from queries and bodies.

/** Which namespace a request addresses; '' (or absent) means cluster scope or all namespaces. */
export interface RequestContext {
  namespace?: string;
}

export interface CreateOptions {
  dryRun?: boolean;
  fieldManager?: string;
}

export interface UpdateOptions {
  dryRun?: boolean;
  fieldManager?: string;
  /** Create a missing object even where the strategy forbids create-on-update (server-side apply). */
  forceAllowCreate?: boolean;
  /**
   * The new object of an update is defaulted already, as kube's decoder defaults request bodies
   * (the HTTP handlers), or must not be (a server-side apply that changed nothing): the store does
   * not default it again. Without it the store applies the strategy's defaults.
   */
  defaulted?: boolean;
}

export type { DeleteOptions, GetOptions, ListOptions } from '@kapi/apimachinery';
