// Behaviour of k8s.io/kubernetes plugin/pkg/admission/network/defaultingressclass/admission.go
// (v1.33), as a pure function for the admission chain: an Ingress created without a class gets the
// default IngressClass.
import type { Ingress } from './ingress-types.ts';
import { ingressClassAnnotation } from './ingress-validation.ts';
import type { IngressClass } from './types.ts';

/** The annotation that marks an IngressClass as the default one ("true"). */
export const isDefaultIngressClassAnnotation = 'ingressclass.kubernetes.io/is-default-class';

/** getDefaultClass: of the classes annotated as default, the newest (by creationTimestamp, then name). */
export function defaultIngressClassOf(classes: readonly IngressClass[]): IngressClass | undefined {
  const defaults = classes.filter((c) => c.metadata?.annotations?.[isDefaultIngressClassAnnotation] === 'true');
  const created = (c: IngressClass) => {
    const t = Date.parse(c.metadata?.creationTimestamp ?? '');
    return Number.isNaN(t) ? 0 : t;
  };
  defaults.sort((a, b) => {
    const ta = created(a);
    const tb = created(b);
    if (ta === tb) return (a.metadata?.name ?? '') < (b.metadata?.name ?? '') ? -1 : 1;
    return tb - ta;
  });
  return defaults[0];
}

/**
 * The DefaultIngressClass admission plugin (creates only, main resource only): an Ingress with
 * neither spec.ingressClassName nor the kubernetes.io/ingress.class annotation gets the default
 * class's name. Mutates `ing`; returns whether it did.
 */
export function admitDefaultIngressClass(ing: Ingress, classes: readonly IngressClass[]): boolean {
  if (ing.spec?.ingressClassName !== undefined && ing.spec.ingressClassName !== null) return false;
  if (ing.metadata?.annotations?.[ingressClassAnnotation] !== undefined) return false;
  const def = defaultIngressClassOf(classes);
  if (!def?.metadata?.name) return false;
  (ing.spec ??= {}).ingressClassName = def.metadata.name;
  return true;
}
