// Behaviour of k8s.io/apiextensions-apiserver pkg/apiserver/conversion/webhook_converter.go and
// converter.go (v0.33): a custom resource converted by the CRD's conversion webhook — one object per
// ConversionReview (what the storage codec converts), the review version the CRD asks for, and the
// response checked as kube checks it, with kube's messages.
import { randomUUID } from 'node:crypto';
import { aggregateFieldErrors, goTypeName, validateAnnotations, validateLabels, type KubeObject } from '@kapi/apimachinery';
import { deepCopyJson, isJsonObject, type JsonObject } from './internal/json.ts';

/** How a converter reaches its webhook: one POST of a ConversionReview. */
export interface ConversionWebhookTransport {
  /**
   * Sends `review` and resolves with the response body parsed as JSON; rejects with an Error whose
   * message is what client-go says (`Post "https://…?timeout=30s": dial tcp …: connect:
   * connection refused`, or the error a non-2xx answer makes).
   */
  post(review: ConversionReview): Promise<unknown>;
}

/** Converts custom resources of one CRD between its versions. */
export interface CustomResourceConverter {
  /**
   * `obj` in the version `toApiVersion` (`group/version`). `obj` is not changed. Rejects with an
   * Error carrying kube's message (`conversion webhook for example.com/v2, Kind=Thing failed: …`).
   */
  convert(obj: KubeObject, toApiVersion: string): Promise<KubeObject>;
}

/** An apiextensions.k8s.io ConversionReview as kube sends it (v1 or v1beta1: the same fields). */
export interface ConversionReview {
  kind: 'ConversionReview';
  apiVersion: 'apiextensions.k8s.io/v1' | 'apiextensions.k8s.io/v1beta1';
  request: { uid: string; desiredAPIVersion: string; objects: unknown[] };
  response: { uid: string; convertedObjects: null; result: { metadata: Record<string, never> } };
}

/** The review versions kube can send, by preference of the CRD's conversionReviewVersions. */
const reviewVersions = { v1: 'apiextensions.k8s.io/v1', v1beta1: 'apiextensions.k8s.io/v1beta1' } as const;

/**
 * The request kube sends for `objects` (createConversionReviewObjects): the first version of
 * `conversionReviewVersions` kube supports, with an empty response as kube's Go struct encodes it.
 */
export function createConversionReview(conversionReviewVersions: readonly string[], objects: unknown[], desiredAPIVersion: string, uid: string): ConversionReview {
  for (const v of conversionReviewVersions) {
    if (v === 'v1' || v === 'v1beta1') {
      return {
        kind: 'ConversionReview',
        apiVersion: reviewVersions[v],
        request: { uid, desiredAPIVersion, objects },
        response: { uid: '', convertedObjects: null, result: { metadata: {} } },
      };
    }
  }
  throw new Error('no supported conversion review versions');
}

/** A group/version/kind as Go's schema.GroupVersionKind.String() prints it: `group/version, Kind=kind`. */
function gvkString(apiVersion: string, kind: string): string {
  const gv = parseGroupVersion(apiVersion);
  return `${gv.group}/${gv.version}, Kind=${kind}`;
}

/** schema.ParseGroupVersion, with what a failure leaves (an empty group version). */
function parseGroupVersion(apiVersion: string): { group: string; version: string } {
  if (apiVersion === '' || apiVersion === '/') return { group: '', version: '' };
  const parts = apiVersion.split('/');
  if (parts.length === 1) return { group: '', version: apiVersion };
  if (parts.length === 2) return { group: parts[0]!, version: parts[1]! };
  return { group: '', version: '' };
}

/** schema.GroupVersion.String(): the version alone in the core group, `group/version` otherwise. */
function gvString(apiVersion: string): string {
  const gv = parseGroupVersion(apiVersion);
  return gv.group === '' ? gv.version : `${gv.group}/${gv.version}`;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const metaOf = (obj: JsonObject): JsonObject => (isJsonObject(obj.metadata) ? obj.metadata : {});

/**
 * getConvertedObjectsFromResponse: the converted objects of a decoded response, or an Error with
 * kube's message. A v1 response must name its kind and version and echo the request's uid; a
 * v1beta1 response is not checked for either (kube keeps its old leniency). `response` is what
 * decodeConversionReviewResponse made of the body.
 */
export function getConvertedObjectsFromResponse(expectedUID: string, response: DecodedReview | undefined): unknown[] {
  if (response === undefined || (response.typed !== 'v1' && response.typed !== 'v1beta1')) {
    throw new Error(`unrecognized response type: ${response === undefined ? '<nil>' : '*unstructured.Unstructured'}`);
  }
  const typed = response;
  if (typed.typed === 'v1') {
    const want = `${reviewVersions.v1}, Kind=ConversionReview`;
    const got = gvkString(str(typed.apiVersion), str(typed.kind));
    if (got !== want) throw new Error(`expected webhook response of ${want}, got ${got}`);
  }
  const res = typed.response;
  if (res === undefined || res === null) throw new Error('no response provided');
  if (typed.typed === 'v1' && str(res.uid) !== expectedUID) throw new Error(`expected response.uid=${goQuoteString(expectedUID)}, got ${goQuoteString(str(res.uid))}`);
  const status = str(res.result?.status);
  if (status !== 'Success') {
    const message = str(res.result?.message);
    if (message.length > 0) throw new Error(message);
    throw new Error(`response.result.status was '${status}', not 'Success'`);
  }
  return res.convertedObjects ?? [];
}

/** A response body as kube decodes it into the ConversionReview type it sent. */
export interface DecodedReview {
  /** Which Go type the body was decoded into. */
  typed: 'v1' | 'v1beta1';
  kind?: string;
  apiVersion?: string;
  response?: { uid?: string; convertedObjects?: unknown[] | null; result?: { status?: string; message?: string } } | null;
}

/** strconv.Quote for the uids kube prints (ASCII). */
const goQuoteString = (s: string): string => JSON.stringify(s);

/** Go's json error for a value of the wrong JSON type (`json: cannot unmarshal string into Go …`). */
const jsonKind = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'object' ? 'object' : typeof v === 'boolean' ? 'bool' : typeof v);

/** The kinds kube's webhook client knows besides the review it expects (the other review version, and meta's Status). */
function registeredGoType(apiVersion: string, kind: string): string | undefined {
  if (kind === 'ConversionReview' && apiVersion === reviewVersions.v1) return 'v1.ConversionReview';
  if (kind === 'ConversionReview' && apiVersion === reviewVersions.v1beta1) return 'v1beta1.ConversionReview';
  if (kind === 'Status' && apiVersion === 'v1') return 'v1.Status';
  return undefined;
}

/**
 * A response body decoded as kube's webhook client decodes it into the ConversionReview it sent
 * (client-go's Result.Into with the hook scheme): a body naming another type fails as Go's
 * converter does, a missing kind or apiVersion is taken from the expected type for decoding (the
 * checks above still see it missing), and fields of the wrong JSON type fail as encoding/json
 * does. Throws an Error with that message.
 */
export function decodeConversionReviewResponse(body: unknown, sent: ConversionReview['apiVersion']): DecodedReview {
  const typed = sent === reviewVersions.v1 ? 'v1' : 'v1beta1';
  if (!isJsonObject(body)) throw new Error(`json: cannot unmarshal ${jsonKind(body)} into Go value of type ${typed}.ConversionReview`);
  const kind = typeof body.kind === 'string' ? body.kind : '';
  const apiVersion = typeof body.apiVersion === 'string' ? body.apiVersion : '';
  const actualKind = kind || 'ConversionReview';
  const actualVersion = apiVersion || sent;
  if (actualKind !== 'ConversionReview' || actualVersion !== sent) {
    const other = registeredGoType(actualVersion, actualKind);
    if (other !== undefined) throw new Error(`converting (${other}) to (${typed}.ConversionReview): unknown conversion`);
    throw new Error(`no kind ${JSON.stringify(actualKind)} is registered for version ${JSON.stringify(actualVersion)} in scheme "pkg/util/webhook/client.go:71"`);
  }
  const out: DecodedReview = { typed };
  if (kind !== '') out.kind = kind;
  if (apiVersion !== '') out.apiVersion = apiVersion;
  const field = (struct: string, path: string, goType: string, v: unknown, want: 'string' | 'object' | 'array') => {
    if (v === undefined || v === null) return;
    const ok = want === 'array' ? Array.isArray(v) : want === 'object' ? isJsonObject(v) : typeof v === want;
    if (!ok) throw new Error(`json: cannot unmarshal ${jsonKind(v)} into Go struct field ${struct}.${path} of type ${goType}`);
  };
  const res = body.response;
  field('ConversionReview', 'response', `${typed}.ConversionResponse`, res, 'object');
  if (isJsonObject(res)) {
    field('ConversionResponse', 'response.uid', 'types.UID', res.uid, 'string');
    field('ConversionResponse', 'response.convertedObjects', '[]runtime.RawExtension', res.convertedObjects, 'array');
    field('ConversionResponse', 'response.result', 'v1.Status', res.result, 'object');
    const result = isJsonObject(res.result) ? res.result : undefined;
    if (result) {
      field('Status', 'response.result.status', 'string', result.status, 'string');
      field('Status', 'response.result.message', 'string', result.message, 'string');
    }
    out.response = {
      ...(typeof res.uid === 'string' ? { uid: res.uid } : {}),
      convertedObjects: Array.isArray(res.convertedObjects) ? res.convertedObjects : null,
      result: { ...(typeof result?.status === 'string' ? { status: result.status } : {}), ...(typeof result?.message === 'string' ? { message: result.message } : {}) },
    };
  } else if (res === null) {
    out.response = null;
  }
  return out;
}

/** runtime.RawExtension → Unstructured (getRawExtensionObject): an object with a kind, or Go's error. */
function rawExtensionObject(raw: unknown): JsonObject {
  if (raw === null) throw new Error('unexpected end of JSON input');
  if (!isJsonObject(raw)) throw new Error(`json: cannot unmarshal ${jsonKind(raw)} into Go value of type map[string]interface {}`);
  if (str(raw.kind) === '') throw new Error(`Object 'Kind' is missing in '${JSON.stringify(raw)}'`);
  return raw;
}

/** validateConvertedObject: a converted object keeps its kind, name, namespace and uid. */
export function validateConvertedObject(input: JsonObject, output: JsonObject): void {
  const pairs: [string, string, string][] = [
    ['kind', str(input.kind), str(output.kind)],
    ['name', str(metaOf(input).name), str(metaOf(output).name)],
    ['namespace', str(metaOf(input).namespace), str(metaOf(output).namespace)],
    ['UID', str(metaOf(input).uid), str(metaOf(output).uid)],
  ];
  for (const [what, e, a] of pairs) if (e !== a) throw new Error(`must have the same ${what}: ${e} != ${a}`);
}

/**
 * restoreObjectMeta: the converted object gets the original's metadata back, except for labels and
 * annotations, which the webhook may change (validated when it did). Changes `converted`.
 */
export function restoreObjectMeta(original: JsonObject, converted: JsonObject): void {
  if (!Object.hasOwn(converted, 'metadata')) throw new Error('missing metadata in converted object');
  const responseMeta = converted.metadata;
  if (!isJsonObject(responseMeta)) throw new Error(`invalid metadata of type ${goTypeName(responseMeta)} in converted object`);
  converted.metadata = Object.hasOwn(original, 'metadata') ? deepCopyJson(original.metadata) : {};
  const meta = converted.metadata;
  if (!isJsonObject(meta)) throw new Error(`invalid metadata of type ${goTypeName(meta)} in input object`);
  for (const fld of ['labels', 'annotations'] as const) {
    const value = responseMeta[fld];
    if (value === undefined || value === null) {
      delete meta[fld];
      continue;
    }
    if (!isJsonObject(value)) throw new Error(`invalid metadata.${fld} of type ${goTypeName(value)} in converted object`);
    const before = meta[fld];
    if (before !== undefined && before !== null && !isJsonObject(before)) throw new Error(`invalid metadata.${fld} of type ${goTypeName(before)} in original object`);
    const originalField = isJsonObject(before) ? before : {};
    let changed = Object.keys(originalField).length !== Object.keys(value).length;
    for (const [k, v] of Object.entries(value)) {
      if (typeof v !== 'string') throw new Error(`metadata.${fld}[${k}] must be a string, but is ${goTypeName(v)} in converted object`);
      if (originalField[k] !== v) changed = true;
    }
    if (changed) {
      const strings = value as Record<string, string>;
      // kube reports annotations at `metadata.annotation`.
      const errs = fld === 'labels' ? validateLabels(strings, 'metadata.labels') : validateAnnotations(strings, 'metadata.annotation');
      if (errs.length > 0) throw new Error(aggregateFieldErrors(errs));
    }
    meta[fld] = value;
  }
}

/** isEmptyUnstructuredObject: only apiVersion and kind (the cacher's smoke test converts such objects). */
function isEmptyObject(obj: JsonObject): boolean {
  const keys = Object.keys(obj);
  return keys.length === 2 && Object.hasOwn(obj, 'kind') && Object.hasOwn(obj, 'apiVersion');
}

export interface WebhookConverterOptions {
  /** The CRD's group and versions (spec.versions[*].name): the versions objects may be converted from and to. */
  group: string;
  versions: readonly string[];
  /** spec.conversion.webhook.conversionReviewVersions. */
  conversionReviewVersions: readonly string[];
  transport: ConversionWebhookTransport;
  /** The uid of each request; default a random UUID. */
  newUID?: () => string;
}

/**
 * kube's crConverter over a webhookConverter, for one object: checks that both versions belong to
 * the CRD, sends nothing for an object already in the wanted version (or one with nothing but
 * apiVersion and kind), else one ConversionReview, and checks what comes back.
 */
export function createWebhookConverter(options: WebhookConverterOptions): CustomResourceConverter {
  const valid = new Set(options.versions.map((v) => `${options.group}/${v}`));
  const newUID = options.newUID ?? randomUUID;
  return {
    async convert(obj, toApiVersion) {
      const input = deepCopyJson(obj) as JsonObject;
      const from = str(input.apiVersion);
      if (!valid.has(gvString(toApiVersion))) throw new Error(`request to convert CR to an invalid group/version: ${gvString(toApiVersion)}`);
      if (!valid.has(gvString(from))) throw new Error(`request to convert CR from an invalid group/version: ${gvString(from)}`);
      if (isEmptyObject(input)) return { ...input, apiVersion: toApiVersion } as KubeObject;
      if (gvString(from) === toApiVersion) return input as KubeObject;
      const uid = newUID();
      const review = createConversionReview(options.conversionReviewVersions, [input], toApiVersion, uid);
      const gvk = gvkString(from, str(input.kind));
      let objects: unknown[];
      try {
        const body = await options.transport.post(review);
        objects = getConvertedObjectsFromResponse(uid, decodeConversionReviewResponse(body, review.apiVersion));
      } catch (err) {
        throw new Error(`conversion webhook for ${gvk} failed: ${(err as Error).message}`, { cause: err });
      }
      if (objects.length !== 1) throw new Error(`conversion webhook for ${gvk} returned ${objects.length} objects, expected 1`);
      const converted = rawExtensionObject(objects[0]);
      const got = gvString(str(converted.apiVersion));
      if (got !== toApiVersion) throw new Error(`conversion webhook for ${gvk} returned invalid object at index 0: invalid groupVersion (expected ${toApiVersion}, received ${got})`);
      if (str(converted.kind) !== str(input.kind)) {
        throw new Error(`conversion webhook for ${gvk} returned invalid object at index 0: invalid kind (expected ${str(input.kind)}, received ${str(converted.kind)})`);
      }
      try {
        validateConvertedObject(input, converted);
      } catch (err) {
        throw new Error(`conversion webhook for ${gvk} returned invalid object: ${(err as Error).message}`);
      }
      try {
        restoreObjectMeta(input, converted);
      } catch (err) {
        throw new Error(`conversion webhook for ${gvk} returned invalid metadata: ${(err as Error).message}`);
      }
      return converted as KubeObject;
    },
  };
}
