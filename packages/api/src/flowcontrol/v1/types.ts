// The types of k8s.io/api flowcontrol/v1 types.go and generated.proto (v0.33): FlowSchema and
// PriorityLevelConfiguration with the structs they hold.
import type { z } from 'zod';
import { ObjectMeta, field, struct, types } from '@kapi/apimachinery';
import { typeMetaField } from '../../meta-fields.ts';
import { flowcontrolV1 } from './names.ts';

// --- FlowSchema ------------------------------------------------------------------------------

export const FlowDistinguisherMethod = struct(flowcontrolV1('FlowDistinguisherMethod', 'How the flow distinguisher of a request is computed.'), {
  type: field(1, types.string(), { description: 'ByUser or ByNamespace.', required: true, default: '' }),
});
export type FlowDistinguisherMethod = z.infer<typeof FlowDistinguisherMethod>;

export const PriorityLevelConfigurationReference = struct(
  flowcontrolV1('PriorityLevelConfigurationReference', 'The PriorityLevelConfiguration a FlowSchema sends its requests to.'),
  {
    name: field(1, types.string(), { description: 'The name of the priority level configuration.', required: true, default: '' }),
  },
);
export type PriorityLevelConfigurationReference = z.infer<typeof PriorityLevelConfigurationReference>;

export const UserSubject = struct(flowcontrolV1('UserSubject', 'A user a FlowSchema rule matches.'), {
  name: field(1, types.string(), { description: 'The username, or "*" for every user.', required: true, default: '' }),
});
export type UserSubject = z.infer<typeof UserSubject>;

export const GroupSubject = struct(flowcontrolV1('GroupSubject', 'A user group a FlowSchema rule matches.'), {
  name: field(1, types.string(), { description: 'The group, or "*" for every group.', required: true, default: '' }),
});
export type GroupSubject = z.infer<typeof GroupSubject>;

export const ServiceAccountSubject = struct(flowcontrolV1('ServiceAccountSubject', 'A ServiceAccount a FlowSchema rule matches.'), {
  namespace: field(1, types.string(), { description: 'The namespace of the ServiceAccounts.', required: true, default: '' }),
  name: field(2, types.string(), { description: 'The ServiceAccount name, or "*" for every name.', required: true, default: '' }),
});
export type ServiceAccountSubject = z.infer<typeof ServiceAccountSubject>;

export const Subject = struct(flowcontrolV1('Subject', 'Who made a request: a user, a group or a ServiceAccount, as kind says.'), {
  kind: field(1, types.string(), { description: 'User, Group or ServiceAccount.', required: true, default: '' }),
  user: field(2, UserSubject, { description: 'The user, when kind is User.', pointer: true }),
  group: field(3, GroupSubject, { description: 'The group, when kind is Group.', pointer: true }),
  serviceAccount: field(4, ServiceAccountSubject, { description: 'The ServiceAccount, when kind is ServiceAccount.', pointer: true }),
});
export type Subject = z.infer<typeof Subject>;

export const ResourcePolicyRule = struct(flowcontrolV1('ResourcePolicyRule', 'Resource requests a FlowSchema rule matches: verb, API group, resource and namespace all match.'), {
  verbs: field(1, types.list(types.string()), { description: 'Verbs, or "*" alone for every verb.', required: true, listType: 'set' }),
  apiGroups: field(2, types.list(types.string()), { description: 'API groups, or "*" alone for every group; "" is the core group.', required: true, listType: 'set' }),
  resources: field(3, types.list(types.string()), { description: 'Resources (with "/subresource" where one is meant), or "*" alone for every resource.', required: true, listType: 'set' }),
  clusterScope: field(4, types.bool(), { description: 'Whether requests for cluster-scoped resources (no namespace) match.' }),
  namespaces: field(5, types.list(types.string()), { description: 'Namespaces, or "*" alone for every namespace (not the cluster scope).', listType: 'set' }),
});
export type ResourcePolicyRule = z.infer<typeof ResourcePolicyRule>;

export const NonResourcePolicyRule = struct(flowcontrolV1('NonResourcePolicyRule', 'Non-resource requests a FlowSchema rule matches: verb and URL both match.'), {
  verbs: field(1, types.list(types.string()), { description: 'Verbs, or "*" alone for every verb.', required: true, listType: 'set' }),
  nonResourceURLs: field(6, types.list(types.string()), { description: 'URL paths, "/prefix/*" prefixes, or "*" alone for every URL.', required: true, listType: 'set' }),
});
export type NonResourcePolicyRule = z.infer<typeof NonResourcePolicyRule>;

export const PolicyRulesWithSubjects = struct(
  flowcontrolV1('PolicyRulesWithSubjects', 'A rule of a FlowSchema: a request matches when a subject and a resource or non-resource rule match it.'),
  {
    subjects: field(1, types.list(Subject), { description: 'Who the rule applies to; never empty.', required: true, listType: 'atomic' }),
    resourceRules: field(2, types.list(ResourcePolicyRule), { description: 'Resource requests the rule matches.', listType: 'atomic' }),
    nonResourceRules: field(3, types.list(NonResourcePolicyRule), { description: 'Non-resource requests the rule matches.', listType: 'atomic' }),
  },
);
export type PolicyRulesWithSubjects = z.infer<typeof PolicyRulesWithSubjects>;

export const FlowSchemaSpec = struct(flowcontrolV1('FlowSchemaSpec', 'The specification of a FlowSchema.'), {
  priorityLevelConfiguration: field(1, PriorityLevelConfigurationReference, { description: 'The priority level matching requests go to.', required: true }),
  matchingPrecedence: field(2, types.int32(), {
    description: 'Among the FlowSchemas that match a request, the one with the numerically lowest value is chosen; 1 to 10000, 1000 by default.',
    default: 0,
  }),
  distinguisherMethod: field(3, FlowDistinguisherMethod, { description: 'How flows are told apart; none puts every request in one flow.', pointer: true }),
  rules: field(4, types.list(PolicyRulesWithSubjects), { description: 'The schema matches a request when any rule does.', listType: 'atomic' }),
});
export type FlowSchemaSpec = z.infer<typeof FlowSchemaSpec>;

export const FlowSchemaCondition = struct(flowcontrolV1('FlowSchemaCondition', 'A condition of a FlowSchema.'), {
  type: field(1, types.string(), { description: 'The type of the condition (Dangling).' }),
  status: field(2, types.string(), { description: 'True, False or Unknown.' }),
  lastTransitionTime: field(3, types.time(), { description: 'When the status last changed.' }),
  reason: field(4, types.string(), { description: 'Why the condition last changed, in one CamelCase word.' }),
  message: field(5, types.string(), { description: 'A human-readable message about the last change.' }),
});
export type FlowSchemaCondition = z.infer<typeof FlowSchemaCondition>;

export const FlowSchemaStatus = struct(flowcontrolV1('FlowSchemaStatus', 'The observed state of a FlowSchema.'), {
  conditions: field(1, types.list(FlowSchemaCondition), {
    description: 'The current states of the FlowSchema.',
    patchStrategy: 'merge',
    patchMergeKey: 'type',
    listType: 'map',
    listMapKeys: ['type'],
  }),
});
export type FlowSchemaStatus = z.infer<typeof FlowSchemaStatus>;

export const FlowSchema = struct(flowcontrolV1('FlowSchema', 'Which requests form which flows, and the priority level they go to.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, FlowSchemaSpec, { description: 'The desired behaviour of the FlowSchema.' }),
  status: field(3, FlowSchemaStatus, { description: 'The observed state of the FlowSchema.' }),
});
export type FlowSchema = z.infer<typeof FlowSchema>;

// --- PriorityLevelConfiguration --------------------------------------------------------------

export const QueuingConfiguration = struct(flowcontrolV1('QueuingConfiguration', 'How requests that cannot be executed at once are queued.'), {
  queues: field(1, types.int32(), { description: 'The number of queues; 64 by default.', default: 0 }),
  handSize: field(2, types.int32(), { description: 'The hand size of shuffle sharding, at most queues; 8 by default.', default: 0 }),
  queueLengthLimit: field(3, types.int32(), { description: 'The most requests waiting in one queue; 50 by default.', default: 0 }),
});
export type QueuingConfiguration = z.infer<typeof QueuingConfiguration>;

export const LimitResponse = struct(flowcontrolV1('LimitResponse', 'What happens to requests that cannot be executed at once.'), {
  type: field(1, types.string(), { description: 'Queue or Reject.', required: true, default: '' }),
  queuing: field(2, QueuingConfiguration, { description: 'The queues, when type is Queue.', pointer: true }),
});
export type LimitResponse = z.infer<typeof LimitResponse>;

export const LimitedPriorityLevelConfiguration = struct(
  flowcontrolV1('LimitedPriorityLevelConfiguration', 'A priority level whose requests are limited: how much it may execute and what happens beyond.'),
  {
    nominalConcurrencyShares: field(1, types.int32(), {
      description: "This level's share of the server's concurrency limit; 30 by default, 0 makes a jail.",
      pointer: true,
    }),
    limitResponse: field(2, LimitResponse, { description: 'What happens to requests that cannot be executed at once.' }),
    lendablePercent: field(3, types.int32(), { description: 'The percentage of the nominal limit other levels may borrow, 0 to 100; 0 by default.', pointer: true }),
    borrowingLimitPercent: field(4, types.int32(), {
      description: 'How much this level may borrow, as a percentage of its nominal limit; unset is no limit.',
      pointer: true,
    }),
  },
);
export type LimitedPriorityLevelConfiguration = z.infer<typeof LimitedPriorityLevelConfiguration>;

export const ExemptPriorityLevelConfiguration = struct(
  flowcontrolV1('ExemptPriorityLevelConfiguration', 'The configurable part of an exempt priority level (the only part of the mandatory exempt level a user may change).'),
  {
    nominalConcurrencyShares: field(1, types.int32(), { description: "This level's nominal share of the server's concurrency limit; 0 by default.", pointer: true }),
    lendablePercent: field(2, types.int32(), { description: 'The percentage of the nominal limit other levels may borrow, 0 to 100; 0 by default.', pointer: true }),
  },
);
export type ExemptPriorityLevelConfiguration = z.infer<typeof ExemptPriorityLevelConfiguration>;

export const PriorityLevelConfigurationSpec = struct(flowcontrolV1('PriorityLevelConfigurationSpec', 'The specification of a priority level.'), {
  type: field(1, types.string(), { description: 'Exempt or Limited.', required: true, default: '' }),
  limited: field(2, LimitedPriorityLevelConfiguration, { description: 'The limits, when type is Limited.', pointer: true }),
  exempt: field(3, ExemptPriorityLevelConfiguration, { description: 'The exempt level\'s settings, when type is Exempt.', pointer: true }),
});
export type PriorityLevelConfigurationSpec = z.infer<typeof PriorityLevelConfigurationSpec>;

export const PriorityLevelConfigurationCondition = struct(flowcontrolV1('PriorityLevelConfigurationCondition', 'A condition of a priority level.'), {
  type: field(1, types.string(), { description: 'The type of the condition.' }),
  status: field(2, types.string(), { description: 'True, False or Unknown.' }),
  lastTransitionTime: field(3, types.time(), { description: 'When the status last changed.' }),
  reason: field(4, types.string(), { description: 'Why the condition last changed, in one CamelCase word.' }),
  message: field(5, types.string(), { description: 'A human-readable message about the last change.' }),
});
export type PriorityLevelConfigurationCondition = z.infer<typeof PriorityLevelConfigurationCondition>;

export const PriorityLevelConfigurationStatus = struct(flowcontrolV1('PriorityLevelConfigurationStatus', 'The observed state of a priority level.'), {
  conditions: field(1, types.list(PriorityLevelConfigurationCondition), {
    description: 'The current states of the priority level.',
    patchStrategy: 'merge',
    patchMergeKey: 'type',
    listType: 'map',
    listMapKeys: ['type'],
  }),
});
export type PriorityLevelConfigurationStatus = z.infer<typeof PriorityLevelConfigurationStatus>;

export const PriorityLevelConfiguration = struct(flowcontrolV1('PriorityLevelConfiguration', 'A priority level: how much of the server its requests may use.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, PriorityLevelConfigurationSpec, { description: 'The desired behaviour of the priority level.' }),
  status: field(3, PriorityLevelConfigurationStatus, { description: 'The observed state of the priority level.' }),
});
export type PriorityLevelConfiguration = z.infer<typeof PriorityLevelConfiguration>;
