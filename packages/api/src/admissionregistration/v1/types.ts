// The types of k8s.io/api admissionregistration/v1 types.go and generated.proto (v0.33):
// ValidatingWebhookConfiguration, MutatingWebhookConfiguration, ValidatingAdmissionPolicy and
// ValidatingAdmissionPolicyBinding with the structs they hold.
import type { z } from 'zod';
import { ObjectMeta, embed, field, struct, types } from '@kapi/apimachinery';
import { Condition } from '../../meta/v1/condition.ts';
import { LabelSelector } from '../../meta/v1/label-selector.ts';
import { typeMetaField } from '../../meta-fields.ts';
import { admissionregistrationV1 as named } from './names.ts';

const atomic = <T extends ReturnType<typeof named>>(n: T) => ({ ...n, mapType: 'atomic' as const });

export const Rule = struct(named('Rule', 'A tuple of API groups, versions and resources; a request matches when it matches every part.'), {
  apiGroups: field(1, types.list(types.string()), { description: "The API groups the resources belong to; '*' is all groups.", listType: 'atomic' }),
  apiVersions: field(2, types.list(types.string()), { description: "The API versions the resources belong to; '*' is all versions.", listType: 'atomic' }),
  resources: field(3, types.list(types.string()), {
    description: "The resources this rule applies to: 'pods', 'pods/log', '*' (all resources, not subresources), '*/*' (all of both), '*/scale'.",
    listType: 'atomic',
  }),
  scope: field(4, types.string(), { description: 'Cluster, Namespaced or "*" (the default).', pointer: true }),
});
export type Rule = z.infer<typeof Rule>;

export const RuleWithOperations = struct(named('RuleWithOperations', 'The operations and resources a webhook or policy cares about.'), {
  operations: field(1, types.list(types.string()), { description: "CREATE, UPDATE, DELETE, CONNECT, or '*' for all of them and any added later.", listType: 'atomic' }),
  ...embed(2, 'rule', Rule),
});
export type RuleWithOperations = z.infer<typeof RuleWithOperations>;

export const NamedRuleWithOperations = struct(atomic(named('NamedRuleWithOperations', 'A RuleWithOperations restricted to some resource names.')), {
  resourceNames: field(1, types.list(types.string()), { description: 'The names the rule applies to; empty means every name.', listType: 'atomic' }),
  ...embed(2, 'ruleWithOperations', RuleWithOperations),
});
export type NamedRuleWithOperations = z.infer<typeof NamedRuleWithOperations>;

export const ServiceReference = struct(named('ServiceReference', 'A reference to a Service the webhook is served by.'), {
  namespace: field(1, types.string(), { description: 'The namespace of the service.', required: true, default: '' }),
  name: field(2, types.string(), { description: 'The name of the service.', required: true, default: '' }),
  path: field(3, types.string(), { description: 'A URL path requests are sent to.', pointer: true }),
  port: field(4, types.int32(), { description: 'The port on the service; defaults to 443.', pointer: true }),
});
export type ServiceReference = z.infer<typeof ServiceReference>;

export const WebhookClientConfig = struct(named('WebhookClientConfig', 'How to connect to a webhook: a URL or a service, and the CA bundle to trust.'), {
  url: field(3, types.string(), { description: 'The location of the webhook, `scheme://host:port/path`; https only.', pointer: true }),
  service: field(1, ServiceReference, { description: 'The service of the webhook; exclusive with url.', pointer: true }),
  caBundle: field(2, types.bytes(), { description: "PEM CA bundle to validate the webhook's server certificate; the apiserver's trust roots when unset." }),
});
export type WebhookClientConfig = z.infer<typeof WebhookClientConfig>;

export const MatchCondition = struct(named('MatchCondition', 'A CEL condition a request must meet to be sent to a webhook.'), {
  name: field(1, types.string(), { description: 'An identifier for the condition, unique in the list; a qualified name.', required: true, default: '' }),
  expression: field(2, types.string(), { description: 'A CEL expression over request, authorizer and object, evaluating to a bool.', required: true, default: '' }),
});
export type MatchCondition = z.infer<typeof MatchCondition>;

const webhookHead = {
  name: field(1, types.string(), { description: 'The fully qualified name of the admission webhook, e.g. imagepolicy.kubernetes.io.', required: true, default: '' }),
  clientConfig: field(2, WebhookClientConfig, { description: 'How to talk to the webhook.', required: true }),
  rules: field(3, types.list(RuleWithOperations), { description: 'The operations on resources the webhook cares about.', listType: 'atomic' }),
  failurePolicy: field(4, types.string(), { description: 'Ignore or Fail (the default): how errors calling the webhook are handled.', pointer: true }),
  matchPolicy: field(9, types.string(), { description: 'Exact or Equivalent (the default): how the rules match requests.', pointer: true }),
  namespaceSelector: field(5, LabelSelector, { description: "Which namespaces' objects are sent; empty selects every one.", pointer: true }),
};

const webhookTail = {
  sideEffects: field(6, types.string(), { description: 'None or NoneOnDryRun: whether the webhook has side effects.', pointer: true, required: true }),
  timeoutSeconds: field(7, types.int32(), { description: 'The timeout of a call, 1 to 30 seconds; defaults to 10.', pointer: true }),
  admissionReviewVersions: field(8, types.list(types.string()), { description: 'The AdmissionReview versions the webhook accepts, in order of preference.', listType: 'atomic', required: true }),
};

const matchConditionsField = (no: number) =>
  field(no, types.list(MatchCondition), {
    description: 'Conditions a request must meet to be sent to the webhook, at most 64.',
    patchStrategy: 'merge',
    patchMergeKey: 'name',
    listType: 'map',
    listMapKeys: ['name'],
  });

export const ValidatingWebhook = struct(named('ValidatingWebhook', 'An admission webhook and the resources and operations it applies to.'), {
  ...webhookHead,
  objectSelector: field(10, LabelSelector, { description: 'Which objects are sent, by their labels; empty selects every one.', pointer: true }),
  ...webhookTail,
  matchConditions: matchConditionsField(11),
});
export type ValidatingWebhook = z.infer<typeof ValidatingWebhook>;

export const MutatingWebhook = struct(named('MutatingWebhook', 'An admission webhook and the resources and operations it applies to.'), {
  ...webhookHead,
  objectSelector: field(11, LabelSelector, { description: 'Which objects are sent, by their labels; empty selects every one.', pointer: true }),
  ...webhookTail,
  reinvocationPolicy: field(10, types.string(), { description: 'Never (the default) or IfNeeded: whether to call the webhook again after other mutations.', pointer: true }),
  matchConditions: matchConditionsField(12),
});
export type MutatingWebhook = z.infer<typeof MutatingWebhook>;

const webhooksField = <T extends z.ZodType>(of: T, what: string) =>
  field(2, types.list(of), {
    description: `The ${what} webhooks and the resources and operations they apply to.`,
    patchStrategy: 'merge',
    patchMergeKey: 'name',
    listType: 'map',
    listMapKeys: ['name'],
  });

export const ValidatingWebhookConfiguration = struct(
  named('ValidatingWebhookConfiguration', 'Admission webhooks that accept or reject objects without changing them.', true),
  {
    apiVersion: typeMetaField.apiVersion,
    kind: typeMetaField.kind,
    metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
    webhooks: webhooksField(ValidatingWebhook, 'validating'),
  },
);
export type ValidatingWebhookConfiguration = z.infer<typeof ValidatingWebhookConfiguration>;

export const MutatingWebhookConfiguration = struct(named('MutatingWebhookConfiguration', 'Admission webhooks that accept or reject and may change objects.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  webhooks: webhooksField(MutatingWebhook, 'mutating'),
});
export type MutatingWebhookConfiguration = z.infer<typeof MutatingWebhookConfiguration>;

// --- ValidatingAdmissionPolicy ---------------------------------------------------------------

export const ParamKind = struct(atomic(named('ParamKind', 'The group, version and kind of the resources a policy is parameterised by.')), {
  apiVersion: field(1, types.string(), { description: 'The API group version of the resources, "group/version".' }),
  kind: field(2, types.string(), { description: 'The kind of the resources.' }),
});
export type ParamKind = z.infer<typeof ParamKind>;

export const MatchResources = struct(atomic(named('MatchResources', 'Which requests a policy (or binding) applies to, by namespace, object and rules.')), {
  namespaceSelector: field(1, LabelSelector, { description: "Which namespaces' objects match; empty selects every one.", pointer: true }),
  objectSelector: field(2, LabelSelector, { description: 'Which objects match, by their labels; empty selects every one.', pointer: true }),
  resourceRules: field(3, types.list(NamedRuleWithOperations), { description: 'The operations on resources that match.', listType: 'atomic' }),
  excludeResourceRules: field(4, types.list(NamedRuleWithOperations), { description: 'The operations on resources that never match.', listType: 'atomic' }),
  matchPolicy: field(7, types.string(), { description: 'Exact or Equivalent (the default): how the rules match requests.', pointer: true }),
});
export type MatchResources = z.infer<typeof MatchResources>;

export const Validation = struct(named('Validation', 'A CEL expression a request must satisfy.'), {
  expression: field(1, types.string(), { description: 'A CEL expression over object, oldObject, request, params, namespaceObject, variables and authorizer.', required: true, default: '' }),
  message: field(2, types.string(), { description: 'The message returned when the validation fails.' }),
  reason: field(3, types.string(), { description: 'Unauthorized, Forbidden, Invalid or RequestEntityTooLarge; Invalid by default.', pointer: true }),
  messageExpression: field(4, types.string(), { description: 'A CEL expression evaluating to the message returned when the validation fails.' }),
});
export type Validation = z.infer<typeof Validation>;

export const AuditAnnotation = struct(named('AuditAnnotation', 'An audit annotation a policy adds to the audit event of a request.'), {
  key: field(1, types.string(), { description: 'The key of the annotation, prefixed by the policy name; a qualified name part of at most 63 bytes.', required: true, default: '' }),
  valueExpression: field(2, types.string(), { description: 'A CEL expression evaluating to the value, a string or null (no annotation).', required: true, default: '' }),
});
export type AuditAnnotation = z.infer<typeof AuditAnnotation>;

export const Variable = struct(atomic(named('Variable', 'A named CEL expression other expressions may use as variables.<name>.')), {
  name: field(1, types.string(), { description: 'The name of the variable, a valid CEL identifier unique in the list.', required: true, default: '' }),
  expression: field(2, types.string(), { description: 'The CEL expression evaluated to the variable.', required: true, default: '' }),
});
export type Variable = z.infer<typeof Variable>;

export const ValidatingAdmissionPolicySpec = struct(named('ValidatingAdmissionPolicySpec', 'The specification of a ValidatingAdmissionPolicy.'), {
  paramKind: field(1, ParamKind, { description: 'The kind of the resources parameterising the policy; none means no parameters.', pointer: true }),
  matchConstraints: field(2, MatchResources, { description: 'The resources the policy applies to; required.', pointer: true }),
  validations: field(3, types.list(Validation), { description: 'The CEL expressions requests must satisfy.', listType: 'atomic' }),
  failurePolicy: field(4, types.string(), { description: 'Ignore or Fail (the default): how errors evaluating the policy are handled.', pointer: true }),
  auditAnnotations: field(5, types.list(AuditAnnotation), { description: 'Audit annotations the policy adds to audit events.', listType: 'atomic' }),
  matchConditions: field(6, types.list(MatchCondition), {
    description: 'Conditions a request must meet to be validated, at most 64.',
    patchStrategy: 'merge',
    patchMergeKey: 'name',
    listType: 'map',
    listMapKeys: ['name'],
  }),
  variables: field(7, types.list(Variable), {
    description: 'Variables the other expressions may use, evaluated in order.',
    patchStrategy: 'merge',
    patchMergeKey: 'name',
    listType: 'map',
    listMapKeys: ['name'],
  }),
});
export type ValidatingAdmissionPolicySpec = z.infer<typeof ValidatingAdmissionPolicySpec>;

export const ExpressionWarning = struct(named('ExpressionWarning', 'A warning about one expression found by type checking.'), {
  fieldRef: field(2, types.string(), { description: 'The path to the field holding the expression.', required: true, default: '' }),
  warning: field(3, types.string(), { description: 'What type checking found.', required: true, default: '' }),
});
export type ExpressionWarning = z.infer<typeof ExpressionWarning>;

export const TypeChecking = struct(named('TypeChecking', 'The results of type checking the expressions of a policy.'), {
  expressionWarnings: field(1, types.list(ExpressionWarning), { description: 'The warnings, one per expression.', listType: 'atomic' }),
});
export type TypeChecking = z.infer<typeof TypeChecking>;

export const ValidatingAdmissionPolicyStatus = struct(named('ValidatingAdmissionPolicyStatus', 'The observed state of a ValidatingAdmissionPolicy.'), {
  observedGeneration: field(1, types.int64(), { description: 'The generation the controller last observed.' }),
  typeChecking: field(2, TypeChecking, { description: 'The results of type checking the expressions.', pointer: true }),
  conditions: field(3, types.list(Condition), { description: 'The conditions of the policy.', listType: 'map', listMapKeys: ['type'] }),
});
export type ValidatingAdmissionPolicyStatus = z.infer<typeof ValidatingAdmissionPolicyStatus>;

export const ValidatingAdmissionPolicy = struct(named('ValidatingAdmissionPolicy', 'CEL validations that accept or reject objects without changing them.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, ValidatingAdmissionPolicySpec, { description: 'The desired behaviour of the policy.' }),
  status: field(3, ValidatingAdmissionPolicyStatus, { description: 'The status of the policy, to know whether it works as intended.' }),
});
export type ValidatingAdmissionPolicy = z.infer<typeof ValidatingAdmissionPolicy>;

export const ParamRef = struct(atomic(named('ParamRef', 'The parameter resource(s) a binding uses.')), {
  name: field(1, types.string(), { description: 'The name of the parameter resource; exclusive with selector.' }),
  namespace: field(2, types.string(), { description: 'The namespace of the parameter resources; unset for cluster-scoped ones or the namespace of the request.' }),
  selector: field(3, LabelSelector, { description: 'Selects parameter resources by their labels; exclusive with name.', pointer: true }),
  parameterNotFoundAction: field(4, types.string(), { description: 'Allow or Deny: what happens when no parameter resource is found.', pointer: true }),
});
export type ParamRef = z.infer<typeof ParamRef>;

export const ValidatingAdmissionPolicyBindingSpec = struct(named('ValidatingAdmissionPolicyBindingSpec', 'The specification of a ValidatingAdmissionPolicyBinding.'), {
  policyName: field(1, types.string(), { description: 'The name of the ValidatingAdmissionPolicy bound; required.' }),
  paramRef: field(2, ParamRef, { description: 'The parameters of the policy.', pointer: true }),
  matchResources: field(3, MatchResources, { description: 'Narrows the resources the policy applies to.', pointer: true }),
  validationActions: field(4, types.list(types.string()), { description: 'Deny, Warn and/or Audit: what a failed validation does; required.', listType: 'set' }),
});
export type ValidatingAdmissionPolicyBindingSpec = z.infer<typeof ValidatingAdmissionPolicyBindingSpec>;

export const ValidatingAdmissionPolicyBinding = struct(
  named('ValidatingAdmissionPolicyBinding', 'Binds a ValidatingAdmissionPolicy to parameters and resources.', true),
  {
    apiVersion: typeMetaField.apiVersion,
    kind: typeMetaField.kind,
    metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
    spec: field(2, ValidatingAdmissionPolicyBindingSpec, { description: 'The desired behaviour of the binding.' }),
  },
);
export type ValidatingAdmissionPolicyBinding = z.infer<typeof ValidatingAdmissionPolicyBinding>;
