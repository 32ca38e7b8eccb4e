// What the HTTP layer needs to know of a custom resource beyond its kind.
import type { JSONSchemaProps } from '@kapi/api';
import type { Structural } from '@kapi/apiextensions';

/** What the HTTP layer needs to know of a custom resource beyond its kind: its schema. */
export interface CustomResourceInfo {
  /** The CRD's name (`<plural>.<group>`). */
  readonly crdName: string;
  /** The served version's `schema.openAPIV3Schema` (undefined: none). */
  readonly schema: JSONSchemaProps | undefined;
  readonly structural: Structural | undefined;
  readonly preserveUnknownFields: boolean;
  /** The version objects are stored in. */
  readonly storageVersion: string;
}

