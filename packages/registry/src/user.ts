// Behaviour of k8s.io/apiserver pkg/authentication/user (v1.33): who a request comes from.

/**
 * Who a request comes from, as an authenticator established it (kube's user.Info). Authorizers
 * and the reviews read it; nothing in the registry trusts a client to set it.
 */
export interface UserInfo {
  readonly name: string;
  readonly uid?: string;
  readonly groups: readonly string[];
  readonly extra?: Readonly<Record<string, readonly string[]>>;
}

/**
 * The user of a request no authenticator recognised, when anonymous requests are allowed
 * (kube-apiserver's default `--anonymous-auth=true`): `system:anonymous` in
 * `system:unauthenticated`.
 */
export const anonymousUser: UserInfo = { name: 'system:anonymous', groups: ['system:unauthenticated'] };

