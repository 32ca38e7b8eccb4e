/**
 * @kapi/structured-merge-diff — typed values, field sets and the merge/apply engine with conflicts
 * (sigs.k8s.io/structured-merge-diff). A leaf package: it depends on no other kapi package.
 * It exports nothing yet; its own issue builds it.
 */
export {};
