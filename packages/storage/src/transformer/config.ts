// Behaviour of k8s.io/apiserver/pkg/server/options/encryptionconfig/config.go (v1.33): an
// EncryptionConfiguration file becomes one transformer per resource.
import { readFileSync } from 'node:fs';
import { yamlToJson, type GroupResource } from '@kapi/apimachinery';
import { aesKeySizes, newCBCTransformer, newGCMTransformer } from './aes.ts';
import {
  decodeBase64Std,
  decodeEncryptionConfiguration,
  groupResourceString,
  parseGroupResource,
  validateEncryptionConfiguration,
  type EncryptionConfiguration,
  type KeysConfiguration,
  type ProviderConfiguration,
} from './config-validation.ts';
import { identityTransformer } from './identity.ts';
import { newSecretboxTransformer } from './secretbox.ts';
import { secretboxKeySize } from './nacl.ts';
import { newPrefixTransformers, type PrefixTransformer, type Transformer } from './transformer.ts';

export const aesCBCTransformerPrefixV1 = 'k8s:enc:aescbc:v1:';
export const aesGCMTransformerPrefixV1 = 'k8s:enc:aesgcm:v1:';
export const secretboxTransformerPrefixV1 = 'k8s:enc:secretbox:v1:';

const utf8 = new TextEncoder();

/** The transformers an EncryptionConfiguration gives, by resource. */
export interface ResourceTransformers {
  /**
   * The transformer of a resource: its own rule, else its group's `*.<group>`, else `*.*`, else
   * the identity transformer (which still refuses to read encrypted values).
   */
  transformerForResource(resource: GroupResource): Transformer;
  /** The resources and wildcards the configuration names, in `secrets`, `*.apps`, `*.*` spelling. */
  readonly configured: readonly string[];
}

type TransformerFactory = (key: Uint8Array) => Transformer;

/** One provider with several keys: a prefix `<provider prefix><key name>:` per key, the first key writing. */
function keyedPrefixTransformer(config: KeysConfiguration, prefix: string, provider: string, factory: TransformerFactory): PrefixTransformer {
  if (config.keys.length === 0) throw new Error(`${provider} provider has no valid keys`);
  for (const key of config.keys) {
    if (!key.name) throw new Error('key with invalid name provided');
    if (!key.secret) throw new Error(`key ${key.name} has no provided secret`);
  }
  const keyTransformers = config.keys.map((key): PrefixTransformer => {
    const secret = decodeBase64Std(key.secret);
    if (secret === undefined) throw new Error(`could not obtain secret for named key ${key.name}: illegal base64 data`);
    let transformer: Transformer;
    try {
      transformer = factory(secret);
    } catch (err) {
      throw new Error(`error while creating cipher for named key ${key.name}: ${(err as Error).message}`);
    }
    return { prefix: utf8.encode(`${key.name}:`), transformer };
  });
  const noKey = new Error(`no matching key was found for the provided ${provider === 'secretbox' ? 'Secretbox' : 'AES'} transformer`);
  return { prefix: utf8.encode(prefix), transformer: newPrefixTransformers(noKey, ...keyTransformers) };
}

function providerTransformer(provider: ProviderConfiguration): PrefixTransformer {
  if (provider.aesgcm) return keyedPrefixTransformer(provider.aesgcm, aesGCMTransformerPrefixV1, 'aes', newGCMTransformer);
  if (provider.aescbc) return keyedPrefixTransformer(provider.aescbc, aesCBCTransformerPrefixV1, 'aes', newCBCTransformer);
  if (provider.secretbox) {
    return keyedPrefixTransformer(provider.secretbox, secretboxTransformerPrefixV1, 'secretbox', (key) => {
      if (key.length !== secretboxKeySize) throw new Error(`expected key size 32 for secretbox provider, got ${key.length}`);
      return newSecretboxTransformer(key);
    });
  }
  if (provider.kms) {
    throw new Error(`KMS providers are not supported by kapi (provider ${JSON.stringify(provider.kms.name ?? '')}): use aesgcm, aescbc, secretbox or identity`);
  }
  if (provider.identity) return { prefix: new Uint8Array(0), transformer: identityTransformer };
  throw new Error('provider does not contain any of the expected providers: KMS, AESGCM, AESCBC, Secretbox, Identity');
}

const grKey = (gr: GroupResource) => `${gr.group}/${gr.resource}`;

/** Builds the per-resource transformers of a validated configuration (kube's getTransformerOverrides…). */
export function transformersFromConfiguration(config: EncryptionConfiguration): ResourceTransformers {
  const byResource = new Map<string, { gr: GroupResource; list: PrefixTransformer[] }>();
  for (const rule of config.resources) {
    const transformers = rule.providers.map(providerTransformer);
    for (const resource of rule.resources) {
      const gr = parseGroupResource(resource);
      // A rule for a resource after `*.<group>` or `*.*` could never apply.
      for (const wildcard of [{ group: gr.group, resource: '*' }, { group: '*', resource: '*' }]) {
        if (byResource.has(grKey(wildcard))) {
          throw new Error(`resource ${JSON.stringify(groupResourceString(gr))} is masked by earlier rule ${JSON.stringify(groupResourceString(wildcard))}`);
        }
      }
      const entry = byResource.get(grKey(gr)) ?? { gr, list: [] };
      entry.list.push(...transformers);
      byResource.set(grKey(gr), entry);
    }
  }
  const noPrefix = new Error('no matching prefix found');
  const built = new Map<string, Transformer>();
  for (const [k, { list }] of byResource) built.set(k, newPrefixTransformers(noPrefix, ...list));
  return {
    configured: [...byResource.values()].map((e) => groupResourceString(e.gr)),
    transformerForResource(gr) {
      return (
        built.get(grKey(gr)) ?? built.get(grKey({ group: gr.group, resource: '*' })) ?? built.get(grKey({ group: '*', resource: '*' })) ?? identityTransformer
      );
    },
  };
}

/**
 * Parses, validates and builds an EncryptionConfiguration given as YAML or JSON text. Errors carry
 * kube's messages, prefixed as kube-apiserver prints them (`error while parsing file: …`,
 * `error while building transformers: …`); `source` names the file in them.
 */
export function parseEncryptionConfiguration(data: string | Uint8Array, source = 'encryption configuration'): ResourceTransformers {
  if (data.length === 0) throw new Error(`error while parsing file: error while loading file: encryption provider configuration file ${JSON.stringify(source)} is empty`);
  let config: EncryptionConfiguration;
  try {
    config = decodeEncryptionConfiguration(yamlToJson(data, { strict: true }));
  } catch (err) {
    throw new Error(`error while parsing file: error decoding encryption provider configuration file ${JSON.stringify(source)}: ${(err as Error).message}`);
  }
  try {
    validateEncryptionConfiguration(config, aesKeySizes, [secretboxKeySize]);
  } catch (err) {
    throw new Error(`error while parsing file: ${(err as Error).message}`);
  }
  try {
    return transformersFromConfiguration(config);
  } catch (err) {
    throw new Error(`error while building transformers: ${(err as Error).message}`);
  }
}

/** kube-apiserver's --encryption-provider-config: reads the file and builds its transformers. */
export function loadEncryptionConfig(path: string): ResourceTransformers {
  let data: Buffer;
  try {
    data = readFileSync(path);
  } catch (err) {
    throw new Error(`error while parsing file: error while loading file: error reading encryption provider configuration file ${JSON.stringify(path)}: ${(err as Error).message}`);
  }
  return parseEncryptionConfiguration(data, path);
}
