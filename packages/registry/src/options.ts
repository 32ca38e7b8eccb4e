// The options of registry operations, as the HTTP layer parses them from queries and bodies.
import type { LabelSelector, FieldSelector, Preconditions } from '@kapi/apimachinery';
import type { ResourceVersionMatch } from '@kapi/storage';

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
}

export interface DeleteOptions {
  dryRun?: boolean;
  preconditions?: Preconditions;
  gracePeriodSeconds?: number;
  propagationPolicy?: 'Orphan' | 'Background' | 'Foreground';
}

export interface GetOptions {
  resourceVersion?: string;
}

export interface ListOptions {
  labelSelector?: LabelSelector;
  fieldSelector?: FieldSelector;
  resourceVersion?: string;
  resourceVersionMatch?: ResourceVersionMatch;
  limit?: number;
  continue?: string;
  allowWatchBookmarks?: boolean;
}
