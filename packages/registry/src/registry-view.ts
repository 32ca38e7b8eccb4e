// The registry as the stores built inside it see it: read when a request comes, since later entries
// are not there while the registry is being built.
import type { GenericStore } from './generic-store.ts';
import type { ResourceInfo } from './resource.ts';
import type { Subresource } from './scale.ts';

/** The registry as a subresource factory sees it (read it when a request comes). */
export type RegistryView = () => readonly { info: ResourceInfo; store: GenericStore; subresources: Readonly<Record<string, Subresource>> }[];
