/**
 * @kapi/apimachinery — the vocabulary every kapi layer speaks: the object model (TypeMeta,
 * ObjectMeta, ListMeta, Status, watch events), group/version/kind names, the JSON codec, the
 * Versioner, Status errors with kube's exact bodies, label and field selectors, and the validation
 * helpers for names and metadata. It depends on no other kapi package.
 */
export * from './meta.ts';
export * from './gvk.ts';
export * from './errors.ts';
export * from './field-errors.ts';
export * from './versioner.ts';
export * from './time.ts';
export * from './watch.ts';
export * from './labels.ts';
export * from './fields.ts';
export * from './validation.ts';
export * from './json.ts';
export * from './duration.ts';
export * from './table.ts';
export * from './protobuf-wire.ts';
export * from './protobuf-message.ts';
export * from './protobuf.ts';
export * from './strict.ts';
export { nullsAsGoZero } from './json-null.ts';
export { omitEmptyFields } from './omit-empty.ts';
export * from './json-scan.ts';
export * from './scheme.ts';
export * from './rest-mapper.ts';
export * from './framing.ts';
export * from './options.ts';
export * from './discovery.ts';
export * from './yaml.ts';
export * from './schema/declare.ts';
export * from './schema/derive-proto.ts';
export * from './schema/derive-openapi.ts';
export { goMarshalJson, goTypeName } from './internal/go-json.ts';
export * from './schema/derive-zero.ts';
export { jsonDeepEqual } from './json-equal.ts';
export { flatString } from './flat-string.ts';
export { ipText, ipv6Text, isIPv4Mapped } from './ip-text.ts';
