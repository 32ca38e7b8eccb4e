// Behaviour of k8s.io/apiserver/pkg/storage/continue.go (v1.33): list continuation tokens.
import { newBadRequest } from '@kapi/apimachinery';

interface ContinueToken {
  v: string;
  rv: number;
  start: string;
}

const tokenVersion = 'meta.k8s.io/v1';

/** Encodes where the next page starts: the key after the last one returned, relative to keyPrefix. */
export function encodeContinue(nextKey: string, keyPrefix: string, resourceVersion: number): string {
  if (!nextKey.startsWith(keyPrefix)) throw new Error(`continue key ${nextKey} is not under ${keyPrefix}`);
  const token: ContinueToken = { v: tokenVersion, rv: resourceVersion, start: nextKey.slice(keyPrefix.length) };
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

/** Decodes a continue token into the absolute start key and the revision of the list. 400 when malformed. */
export function decodeContinue(token: string, keyPrefix: string): { fromKey: string; resourceVersion: number } {
  let parsed: Partial<ContinueToken>;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Partial<ContinueToken>;
  } catch (err) {
    throw newBadRequest(`continue key is not valid: ${(err as Error).message}`);
  }
  if (parsed.v !== tokenVersion) {
    throw newBadRequest(`continue key is not valid: server does not recognize this encoded key version`);
  }
  // rv -1 marks a token handed out after compaction: continue at the latest revision.
  if (typeof parsed.rv !== 'number' || !Number.isSafeInteger(parsed.rv) || parsed.rv === 0 || parsed.rv < -1) {
    throw newBadRequest('continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)');
  }
  const start = typeof parsed.start === 'string' ? parsed.start : '';
  if (start === '') throw newBadRequest('continue key is not valid: encoded start key empty (version meta.k8s.io/v1)');
  // The start key must stay inside the listed prefix.
  const normalized = start.split('/').filter((seg) => seg !== '' && seg !== '.');
  if (normalized.includes('..') || start.startsWith('/')) {
    throw newBadRequest('continue key is not valid: start key may not contain ".." or start with "/"');
  }
  return { fromKey: keyPrefix + start, resourceVersion: parsed.rv };
}
