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
}

export type { DeleteOptions, GetOptions, ListOptions } from '@kapi/apimachinery';
