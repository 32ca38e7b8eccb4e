// A built-in kind declared once: its names, scope, schema, defaults and validation. Everything the
// upper layers need about a kind (REST mapping, discovery, decoding, validation) is derived from this.
import type { z } from 'zod';
import type { FieldError, GroupVersionKind, KubeObject, ProtoMessage } from '@kapi/apimachinery';

/** The declaration of one kind in one group version. */
export interface KindDefinition<T extends KubeObject = KubeObject> {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  readonly listKind: string;
  /** Plural lower-case resource name used in URLs and storage keys. */
  readonly resource: string;
  readonly singular: string;
  readonly shortNames: readonly string[];
  readonly categories: readonly string[];
  readonly namespaced: boolean;
  /** The shape of the kind; decoding checks types against it (wrong types are a 400). */
  readonly schema: z.ZodType<T>;
  /** Sets defaults in place (kube's SetDefaults_*); runs after decoding, before validation. */
  readonly defaults: (obj: T) => void;
  /** Field errors of a new object (kube's Validate*). */
  readonly validate: (obj: T) => FieldError[];
  /** Field errors of an update (kube's Validate*Update); `old` is the stored object. */
  readonly validateUpdate: (obj: T, old: T) => FieldError[];
  /** Description of the kind (OpenAPI, explain). */
  readonly description: string;
  /** The protobuf message of the kind (field numbers of k8s.io/api generated.proto). */
  readonly proto: ProtoMessage;
}

export function gvkOf(def: KindDefinition): GroupVersionKind {
  return { group: def.group, version: def.version, kind: def.kind };
}

/** Fills the optional parts of a declaration. */
export function defineKind<T extends KubeObject>(
  def: Omit<KindDefinition<T>, 'listKind' | 'shortNames' | 'categories' | 'defaults' | 'validateUpdate' | 'description'> &
    Partial<Pick<KindDefinition<T>, 'listKind' | 'shortNames' | 'categories' | 'defaults' | 'validateUpdate' | 'description'>>,
): KindDefinition<T> {
  return {
    listKind: `${def.kind}List`,
    shortNames: [],
    categories: [],
    defaults: () => {},
    validateUpdate: (obj) => def.validate(obj),
    description: '',
    ...def,
  };
}
