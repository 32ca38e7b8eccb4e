// The options of registry operations, as the HTTP layer parses them from queries and bodies.
import type { UserInfo } from './user.ts';

/** Which namespace a request addresses; '' (or absent) means cluster scope or all namespaces. */
export interface RequestContext {
  namespace?: string;
  /** Who made the request, as the server's authenticator saw it (the reviews and SelfSubjectReview read it). */
  user?: UserInfo;
}

export interface CreateOptions {
  dryRun?: boolean;
  /** The name in the URL of a subresource create (`pods/NAME/binding`): kube's NamedCreater. */
  name?: string;
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
  /**
   * Conditions on the stored object (kube's UpdatedObjectInfo.Preconditions: a PUT's body uid): an
   * existing object with another uid is a 409 Conflict, checked before the update runs.
   */
  preconditions?: { uid?: string };
}

export type { DeleteOptions, GetOptions, ListOptions } from '@kapi/apimachinery';
