// Behaviour of k8s.io/apiextensions-apiserver pkg/apis/apiextensions/v1 types.go and
// generated.proto (v1.33): CustomResourceDefinition and the structs it is made of.
import type { z } from 'zod';
import { ObjectMeta, field, struct, types } from '@kapi/apimachinery';
import { typeMetaField } from '../../meta-fields.ts';
import { metaV1 } from '../../meta/v1/names.ts';
import { JSONSchemaProps } from './json-schema.ts';
import { apiextensionsV1 } from './names.ts';

export const ServiceReference = struct(apiextensionsV1('ServiceReference', 'A reference to a Service, for a webhook.'), {
  namespace: field(1, types.string(), { description: 'The namespace of the service.', required: true, default: '' }),
  name: field(2, types.string(), { description: 'The name of the service.', required: true, default: '' }),
  path: field(3, types.string(), { description: 'The URL path the webhook is called at.', pointer: true }),
  port: field(4, types.int32(), { description: 'The service port the webhook is called on (1-65535); 443 by default.', pointer: true }),
});
export type ServiceReference = z.infer<typeof ServiceReference>;

export const WebhookClientConfig = struct(apiextensionsV1('WebhookClientConfig', 'How to reach a webhook over TLS.'), {
  url: field(3, types.string(), {
    description: 'The webhook URL, https://host[:port][/path], without user, query or fragment; exactly one of url and service.',
    pointer: true,
  }),
  service: field(1, ServiceReference, { description: 'The in-cluster service of the webhook; exactly one of url and service.', pointer: true }),
  caBundle: field(2, types.bytes(), { description: "PEM certificates that verify the webhook's serving certificate; the system roots by default." }),
});
export type WebhookClientConfig = z.infer<typeof WebhookClientConfig>;

export const WebhookConversion = struct(apiextensionsV1('WebhookConversion', 'How to call a conversion webhook.'), {
  clientConfig: field(2, WebhookClientConfig, { description: 'How to reach the webhook when strategy is Webhook.', pointer: true }),
  conversionReviewVersions: field(3, types.list(types.string()), {
    description: 'The ConversionReview versions the webhook understands, preferred first; the server uses the first it knows.',
    required: true,
    listType: 'atomic',
  }),
});
export type WebhookConversion = z.infer<typeof WebhookConversion>;

export const CustomResourceConversion = struct(apiextensionsV1('CustomResourceConversion', 'How custom resources are converted between versions.'), {
  strategy: field(1, types.string(), {
    description: 'None (only apiVersion changes) or Webhook (an external webhook converts; needs webhook and preserveUnknownFields false).',
    required: true,
    default: '',
  }),
  webhook: field(2, WebhookConversion, { description: 'How to call the webhook; required when strategy is Webhook.', pointer: true }),
});
export type CustomResourceConversion = z.infer<typeof CustomResourceConversion>;

export const CustomResourceDefinitionNames = struct(apiextensionsV1('CustomResourceDefinitionNames', 'The names a custom resource is served under.'), {
  plural: field(1, types.string(), {
    description: 'The plural resource name in URLs (/apis/<group>/<version>/.../<plural>); lower case; the CRD is named <plural>.<group>.',
    required: true,
    default: '',
  }),
  singular: field(2, types.string(), { description: 'The singular resource name, lower case; the lower-cased kind by default.' }),
  shortNames: field(3, types.list(types.string()), { description: 'Short lower-case names clients accept, as in `kubectl get <shortname>`.', listType: 'atomic' }),
  kind: field(4, types.string(), { description: 'The kind of the resources, usually CamelCase and singular.', required: true, default: '' }),
  listKind: field(5, types.string(), { description: 'The kind of lists of the resources; <kind>List by default.' }),
  categories: field(6, types.list(types.string()), { description: "Groups of resources the resource belongs to (such as 'all'), as in `kubectl get all`.", listType: 'atomic' }),
});
export type CustomResourceDefinitionNames = z.infer<typeof CustomResourceDefinitionNames>;

export const CustomResourceValidation = struct(apiextensionsV1('CustomResourceValidation', 'How custom resources are validated.'), {
  openAPIV3Schema: field(1, JSONSchemaProps, { description: 'The OpenAPI v3 schema used for validation, pruning and defaulting.', pointer: true }),
});
export type CustomResourceValidation = z.infer<typeof CustomResourceValidation>;

export const CustomResourceSubresourceStatus = struct(
  apiextensionsV1('CustomResourceSubresourceStatus', 'Serve a /status subresource: status changes go through it, and the main resource ignores them.'),
  {},
);

export const CustomResourceSubresourceScale = struct(apiextensionsV1('CustomResourceSubresourceScale', 'How to serve a /scale subresource (an autoscaling/v1 Scale).'), {
  specReplicasPath: field(1, types.string(), {
    description: 'The JSON path under .spec of the desired replicas (Scale spec.replicas); no array notation.',
    required: true,
    default: '',
  }),
  statusReplicasPath: field(2, types.string(), {
    description: 'The JSON path under .status of the observed replicas (Scale status.replicas); no array notation.',
    required: true,
    default: '',
  }),
  labelSelectorPath: field(3, types.string(), {
    description: 'The JSON path under .spec or .status of a string label selector (Scale status.selector), for HorizontalPodAutoscalers.',
    pointer: true,
  }),
});
export type CustomResourceSubresourceScale = z.infer<typeof CustomResourceSubresourceScale>;

export const CustomResourceSubresources = struct(apiextensionsV1('CustomResourceSubresources', 'The subresources of custom resources.'), {
  status: field(1, CustomResourceSubresourceStatus, { description: 'Serve a /status subresource.', pointer: true }),
  scale: field(2, CustomResourceSubresourceScale, { description: 'Serve a /scale subresource.', pointer: true }),
});
export type CustomResourceSubresources = z.infer<typeof CustomResourceSubresources>;

export const CustomResourceColumnDefinition = struct(apiextensionsV1('CustomResourceColumnDefinition', 'A column of the Table form of custom resources.'), {
  name: field(1, types.string(), { description: 'The column header.', required: true, default: '' }),
  type: field(2, types.string(), { description: 'The OpenAPI type of the column: integer, number, string, boolean or date.', required: true, default: '' }),
  format: field(3, types.string(), { description: 'The OpenAPI format of the column; `name` marks the column that names the resource.' }),
  description: field(4, types.string(), { description: 'What the column shows.' }),
  priority: field(5, types.int32(), { description: 'How important the column is: 0 is shown by default, greater values only in wide output.' }),
  jsonPath: field(6, types.string(), { description: 'The simple JSON path (array notation allowed) of the value shown.', required: true, default: '' }),
});
export type CustomResourceColumnDefinition = z.infer<typeof CustomResourceColumnDefinition>;

export const SelectableField = struct(apiextensionsV1('SelectableField', 'A field of custom resources that field selectors may use.'), {
  jsonPath: field(1, types.string(), {
    description: 'The simple JSON path (no array notation, not under metadata) of a string, boolean or integer field.',
    required: true,
    default: '',
  }),
});
export type SelectableField = z.infer<typeof SelectableField>;

export const CustomResourceDefinitionVersion = struct(apiextensionsV1('CustomResourceDefinitionVersion', 'One version of a custom resource.'), {
  name: field(1, types.string(), { description: 'The version name (v1, v2beta1, …), served at /apis/<group>/<name>/...', required: true, default: '' }),
  served: field(2, types.bool(), { description: 'The version is served through the REST API.', required: true, default: false }),
  storage: field(3, types.bool(), { description: 'Resources are stored in this version; exactly one version has it.', required: true, default: false }),
  deprecated: field(7, types.bool(), { description: 'The version is deprecated: requests to it get a warning.' }),
  deprecationWarning: field(8, types.string(), { description: 'The warning requests to a deprecated version get, instead of the default one.', pointer: true }),
  schema: field(4, CustomResourceValidation, { description: 'The schema used for validation, pruning and defaulting of this version.', pointer: true }),
  subresources: field(5, CustomResourceSubresources, { description: 'The subresources of this version.', pointer: true }),
  additionalPrinterColumns: field(6, types.list(CustomResourceColumnDefinition), {
    description: 'Columns of the Table form beyond the name; an Age column when there are none.',
    listType: 'atomic',
  }),
  selectableFields: field(9, types.list(SelectableField), { description: 'Fields field selectors may use (at most 8).', listType: 'atomic' }),
});
export type CustomResourceDefinitionVersion = z.infer<typeof CustomResourceDefinitionVersion>;

export const CustomResourceDefinitionSpec = struct(apiextensionsV1('CustomResourceDefinitionSpec', 'How custom resources appear in the API.'), {
  group: field(1, types.string(), {
    description: 'The API group of the resources (/apis/<group>/...); the CRD is named <names.plural>.<group>.',
    required: true,
    default: '',
  }),
  names: field(3, CustomResourceDefinitionNames, { description: 'The resource and kind names.', required: true }),
  scope: field(4, types.string(), { description: 'Cluster or Namespaced.', required: true, default: '' }),
  versions: field(7, types.list(CustomResourceDefinitionVersion), {
    description: 'Every version of the resources; discovery lists them kube-like versions first (GA, then beta, then alpha).',
    required: true,
    listType: 'atomic',
  }),
  conversion: field(9, CustomResourceConversion, { description: 'How resources are converted between versions.', pointer: true }),
  preserveUnknownFields: field(10, types.bool(), {
    description: 'Deprecated: keep fields no schema declares; use x-kubernetes-preserve-unknown-fields in the schemas instead.',
  }),
});
export type CustomResourceDefinitionSpec = z.infer<typeof CustomResourceDefinitionSpec>;

export const CustomResourceDefinitionCondition = struct(apiextensionsV1('CustomResourceDefinitionCondition', 'One aspect of the state of a CustomResourceDefinition.'), {
  type: field(1, types.string(), { description: 'Established, NamesAccepted, NonStructuralSchema, Terminating or KubernetesAPIApprovalPolicyConformant.', required: true, default: '' }),
  status: field(2, types.string(), { description: 'True, False or Unknown.', required: true, default: '' }),
  lastTransitionTime: field(3, types.time(), { description: 'When the status last changed.' }),
  reason: field(4, types.string(), { description: 'Why the condition last changed, in one CamelCase word.' }),
  message: field(5, types.string(), { description: 'Why the condition last changed, for people.' }),
});
export type CustomResourceDefinitionCondition = z.infer<typeof CustomResourceDefinitionCondition>;

export const CustomResourceDefinitionStatus = struct(apiextensionsV1('CustomResourceDefinitionStatus', 'The observed state of a CustomResourceDefinition.'), {
  conditions: field(1, types.list(CustomResourceDefinitionCondition), {
    description: 'The state of the definition, one condition per aspect.',
    listType: 'map',
    listMapKeys: ['type'],
  }),
  acceptedNames: field(2, CustomResourceDefinitionNames, { description: 'The names discovery serves, which may differ from those of the spec.' }),
  storedVersions: field(3, types.list(types.string()), {
    description: 'Every version resources were ever stored in; a version stays in spec.versions while it is listed here.',
    listType: 'atomic',
  }),
});
export type CustomResourceDefinitionStatus = z.infer<typeof CustomResourceDefinitionStatus>;

export const CustomResourceDefinition = struct(
  apiextensionsV1('CustomResourceDefinition', 'A resource served by the API server, defined by its users; named <spec.names.plural>.<spec.group>.', true),
  {
    apiVersion: typeMetaField.apiVersion,
    kind: typeMetaField.kind,
    metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
    spec: field(2, CustomResourceDefinitionSpec, { description: 'How the resources appear in the API.', required: true }),
    status: field(3, CustomResourceDefinitionStatus, { description: 'The observed state of the definition.' }),
  },
);
export type CustomResourceDefinition = z.infer<typeof CustomResourceDefinition>;

/** meta/v1 ListMeta as generated.proto numbers it (the list message needs it declared). */
const ListMeta = struct(metaV1('ListMeta', 'Metadata of a list: its resourceVersion and paging state.'), {
  selfLink: field(1, types.string(), { description: 'Deprecated; never set.' }),
  resourceVersion: field(2, types.string(), { description: 'The version of the list, for watches from it.' }),
  continue: field(3, types.string(), { description: 'Token for the next page, when the list was cut by a limit.' }),
  remainingItemCount: field(4, types.int64(), { description: 'Items left after this page, when known.', pointer: true }),
});

export const CustomResourceDefinitionList = struct(
  {
    ...apiextensionsV1('CustomResourceDefinitionList', 'A list of CustomResourceDefinitions.'),
    gvk: { group: 'apiextensions.k8s.io', version: 'v1', kind: 'CustomResourceDefinitionList' },
  },
  {
    apiVersion: typeMetaField.apiVersion,
    kind: typeMetaField.kind,
    metadata: field(1, ListMeta, { description: 'Standard list metadata.' }),
    items: field(2, types.list(CustomResourceDefinition), { description: 'The CustomResourceDefinitions.', required: true }),
  },
);
export type CustomResourceDefinitionList = z.infer<typeof CustomResourceDefinitionList>;
