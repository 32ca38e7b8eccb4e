// Behaviour of k8s.io/apiserver/pkg/apis/apiserver/validation/validation_encryption.go (v1.33):
// decoding (strict, as kube's config codec) and validation of an EncryptionConfiguration.
import { aggregateFieldErrors, fieldErrors, FieldPath, type FieldError, type GroupResource } from '@kapi/apimachinery';

/** apiserver.config.k8s.io/v1 EncryptionConfiguration, as decoded. */
export interface EncryptionConfiguration {
  resources: ResourceConfiguration[];
}

export interface ResourceConfiguration {
  /** `secrets`, `deployments.apps`, `*.apps`, `*.` (every core resource), `*.*` (every resource). */
  resources: string[];
  /** The first provider writes; every provider reads. */
  providers: ProviderConfiguration[];
}

export interface ProviderConfiguration {
  aesgcm?: KeysConfiguration;
  aescbc?: KeysConfiguration;
  secretbox?: KeysConfiguration;
  identity?: Record<string, never>;
  kms?: Record<string, unknown>;
}

export interface KeysConfiguration {
  keys: Key[];
}

export interface Key {
  name: string;
  /** Base64 (standard encoding) of the key bytes. */
  secret: string;
}

export const encryptionConfigApiVersion = 'apiserver.config.k8s.io/v1';
export const encryptionConfigKind = 'EncryptionConfiguration';

const keyLenErr = (got: number, expected: readonly number[]) => `secret is not of the expected length, got ${got}, expected one of [${expected.join(' ')}]`;

type Shape = 'string' | 'strings' | { object: Record<string, Shape> } | { list: Shape } | 'any-object';

const keysShape: Shape = { object: { keys: { list: { object: { name: 'string', secret: 'string' } } } } };
const kmsShape: Shape = { object: { apiVersion: 'string', name: 'string', cachesize: 'any-object', endpoint: 'string', timeout: 'any-object' } };
const configShape: Shape = {
  object: {
    apiVersion: 'string',
    kind: 'string',
    resources: {
      list: {
        object: {
          resources: 'strings',
          providers: { list: { object: { aesgcm: keysShape, aescbc: keysShape, secretbox: keysShape, identity: { object: {} }, kms: kmsShape } } },
        },
      },
    },
  },
};

const jsonType = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'object' ? 'object' : typeof v);

/**
 * Checks `value` against the shape of the type: unknown fields are collected (kube decodes config
 * files strictly), a wrong type is an error at once. null stands for an absent field, as in Go.
 */
function checkShape(value: unknown, shape: Shape, path: string, unknown: string[]): void {
  if (value === null || value === undefined) return;
  const fail = (want: string) => {
    throw new Error(`json: cannot unmarshal ${jsonType(value)} into Go value of type ${want} at "${path}"`);
  };
  if (shape === 'string') {
    if (typeof value !== 'string') fail('string');
    return;
  }
  if (shape === 'strings') {
    if (!Array.isArray(value)) return fail('[]string');
    value.forEach((v, i) => checkShape(v, 'string', `${path}[${i}]`, unknown));
    return;
  }
  if (shape === 'any-object') return;
  if ('list' in shape) {
    if (!Array.isArray(value)) return fail('list');
    value.forEach((v, i) => checkShape(v, shape.list, `${path}[${i}]`, unknown));
    return;
  }
  if (typeof value !== 'object' || Array.isArray(value)) return fail('object');
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const child = path === '' ? k : `${path}.${k}`;
    const sub = shape.object[k];
    if (sub === undefined) unknown.push(child);
    else checkShape(v, sub, child, unknown);
  }
}

/**
 * Decodes a parsed file into an EncryptionConfiguration: apiVersion and kind must name it, and
 * unknown fields are an error (`strict decoding error: unknown field "resources[0].foo"`).
 */
export function decodeEncryptionConfiguration(value: unknown): EncryptionConfiguration {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`couldn't get version/kind; json parse error: json: cannot unmarshal ${jsonType(value)} into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }`);
  }
  const obj = value as Record<string, unknown>;
  const kind = typeof obj.kind === 'string' ? obj.kind : '';
  const apiVersion = typeof obj.apiVersion === 'string' ? obj.apiVersion : '';
  if (kind === '') throw new Error(`Object 'Kind' is missing in '${JSON.stringify(value)}'`);
  if (apiVersion !== encryptionConfigApiVersion || kind !== encryptionConfigKind) {
    throw new Error(`no kind ${JSON.stringify(kind)} is registered for version ${JSON.stringify(apiVersion)}`);
  }
  const unknown: string[] = [];
  checkShape(value, configShape, '', unknown);
  if (unknown.length > 0) throw new Error(`strict decoding error: ${unknown.map((f) => `unknown field ${JSON.stringify(f)}`).join(', ')}`);
  const resources = (obj.resources ?? []) as ResourceConfiguration[];
  return {
    resources: resources.map((r) => ({
      resources: r?.resources ?? [],
      providers: (r?.providers ?? []).map((p) => (p ?? {}) as ProviderConfiguration),
    })),
  };
}

/** kube's schema.ParseGroupResource: `deployments.apps` → apps/deployments; `*.` → the core group's `*`. */
export function parseGroupResource(s: string): GroupResource {
  const i = s.indexOf('.');
  return i >= 0 ? { group: s.slice(i + 1), resource: s.slice(0, i) } : { group: '', resource: s };
}

/** The config spelling of a group resource (kube's grYAMLString). */
export function groupResourceString(gr: GroupResource): string {
  if (gr.group === '' && gr.resource === '*') return '*.';
  return gr.group === '' ? gr.resource : `${gr.resource}.${gr.group}`;
}

const sameGR = (a: GroupResource, b: GroupResource) => a.group === b.group && a.resource === b.resource;

function validateResourceOverlap(resources: string[], path: FieldPath): FieldError[] {
  if (resources.length < 2) return [];
  const grs = resources.map(parseGroupResource);
  let hasOverlap = false;
  let hasDuplicate = false;
  grs.forEach((r1, i) =>
    grs.forEach((r2, j) => {
      if (i === j) return;
      if (sameGR(r1, r2) && !hasDuplicate) {
        hasDuplicate = true;
        return;
      }
      if (hasOverlap) return;
      if (r1.group === '*' && r1.resource === '*') hasOverlap = true;
      else if (r1.group === r2.group && (r1.resource === '*' || r2.resource === '*')) hasOverlap = true;
    }),
  );
  const errs: FieldError[] = [];
  if (hasDuplicate) errs.push(fieldErrors.invalid(path, resources, 'the same resource cannot be specified multiple times'));
  if (hasOverlap) {
    errs.push(fieldErrors.invalid(path, resources, "using overlapping resources such as 'secrets' and '*.' in the same resource list is not allowed as they will be masked"));
  }
  return errs;
}

function validateResourceNames(resources: string[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  resources.forEach((res, j) => {
    const at = path.index(j);
    const gr = parseGroupResource(res);
    let detail: string | undefined;
    if (/[A-Z]/.test(res)) detail = 'resource name should not contain capital letters';
    else if (res === '*') detail = "use '*.' to encrypt all the resources from core API group or *.* to encrypt all resources";
    else if (res === 'apiserveripinfo' || res === 'serviceipallocations' || res === 'servicenodeportallocations') detail = 'resources which do not have REST API/s cannot be encrypted';
    else if (gr.group === 'events.k8s.io') {
      detail = "'*.events.k8s.io' objects are stored using the 'events' API group in etcd. Use 'events' instead in the config file";
    } else if (gr.group === 'extensions') detail = "'extensions' group has been removed and cannot be used for encryption";
    else if (gr.group === '*' && gr.resource !== '*') detail = 'encrypting the same resource across groups is not supported';
    if (detail !== undefined) errs.push(fieldErrors.invalid(at, res, detail));
  });
  return errs;
}

function validateKeys(keys: Key[] | undefined, path: FieldPath, sizes: readonly number[]): FieldError[] {
  if (!keys || keys.length === 0) return [fieldErrors.required(path, 'at least one keys is required')];
  const errs: FieldError[] = [];
  keys.forEach((key, i) => {
    const at = path.index(i);
    if (!key?.name) errs.push(fieldErrors.required(at.child('name'), 'name is a mandatory field for a key'));
    if (!key?.secret) {
      errs.push(fieldErrors.required(at.child('secret'), 'secret is a mandatory field for a key'));
      return;
    }
    const secret = decodeBase64Std(key.secret);
    if (secret === undefined) {
      errs.push(fieldErrors.invalid(at.child('secret'), 'REDACTED', 'secrets must be base64 encoded'));
      return;
    }
    if (!sizes.includes(secret.length)) errs.push(fieldErrors.invalid(at.child('secret'), 'REDACTED', keyLenErr(secret.length, sizes)));
  });
  return errs;
}

/**
 * Go's base64.StdEncoding.DecodeString: the padded standard alphabet (line breaks are skipped);
 * undefined when the text is not valid base64.
 */
export function decodeBase64Std(text: string): Uint8Array | undefined {
  const s = text.replace(/[\r\n]/g, '');
  if (s.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(s)) return undefined;
  return new Uint8Array(Buffer.from(s, 'base64'));
}

/** kube's ValidateEncryptionConfiguration: every problem as a field error, aggregated into one Error. */
export function validateEncryptionConfiguration(config: EncryptionConfiguration, aesKeySizes: readonly number[], secretboxKeySizes: readonly number[]): void {
  const root = FieldPath.of('resources');
  const errs: FieldError[] = [];
  if (config.resources.length === 0) {
    errs.push(fieldErrors.required(root, 'at least one resources is required'));
  }
  config.resources.forEach((conf, i) => {
    const r = root.index(i).child('resources');
    const p = root.index(i).child('providers');
    if (conf.resources.length === 0) errs.push(fieldErrors.required(r, `at least one ${r} is required`));
    errs.push(...validateResourceOverlap(conf.resources, r), ...validateResourceNames(conf.resources, r));
    if (conf.providers.length === 0) errs.push(fieldErrors.required(p, `at least one ${p} is required`));
    conf.providers.forEach((provider, j) => {
      const at = p.index(j);
      const found = (['kms', 'aesgcm', 'aescbc', 'secretbox', 'identity'] as const).filter((k) => provider[k] !== undefined && provider[k] !== null);
      if (found.length === 0) {
        errs.push(fieldErrors.invalid(at, provider, 'provider does not contain any of the expected providers: KMS, AESGCM, AESCBC, Secretbox, Identity'));
        return;
      }
      if (found.length > 1) {
        errs.push(fieldErrors.invalid(at, provider, 'more than one provider specified in a single element, should split into different list elements'));
      }
      if (provider.aesgcm) errs.push(...validateKeys(provider.aesgcm.keys, at.child('aesgcm', 'keys'), aesKeySizes));
      else if (provider.aescbc) errs.push(...validateKeys(provider.aescbc.keys, at.child('aescbc', 'keys'), aesKeySizes));
      else if (provider.secretbox) errs.push(...validateKeys(provider.secretbox.keys, at.child('secretbox', 'keys'), secretboxKeySizes));
    });
  });
  if (errs.length > 0) throw new Error(aggregateFieldErrors(errs));
}
