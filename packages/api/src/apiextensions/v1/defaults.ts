// Behaviour of k8s.io/apiextensions-apiserver pkg/apis/apiextensions/v1 defaults.go and
// zz_generated.defaults.go (v1.33): the defaults kube's decoder sets on a CustomResourceDefinition.
import type { CustomResourceDefinition, CustomResourceDefinitionSpec } from './types.ts';

/** SetDefaults_CustomResourceDefinitionSpec: singular, listKind and the None conversion. */
export function defaultCustomResourceDefinitionSpec(spec: CustomResourceDefinitionSpec): void {
  const names = (spec.names ??= {});
  if (!names.singular && names.kind) names.singular = names.kind.toLowerCase();
  if (!names.listKind && names.kind) names.listKind = `${names.kind}List`;
  spec.conversion ??= { strategy: 'None' };
}

/**
 * SetObjectDefaults_CustomResourceDefinition: the spec's defaults, status.storedVersions from the
 * first storage version when empty, and port 443 for a conversion webhook's service.
 */
export function defaultCustomResourceDefinition(crd: CustomResourceDefinition): void {
  const spec = (crd.spec ??= {});
  defaultCustomResourceDefinitionSpec(spec);
  if ((crd.status?.storedVersions ?? []).length === 0) {
    const storage = (spec.versions ?? []).find((v) => v.storage);
    if (storage) (crd.status ??= {}).storedVersions = [storage.name ?? ''];
  }
  const service = spec.conversion?.webhook?.clientConfig?.service;
  if (service) service.port ??= 443;
}
