// Reading request bodies within kube-apiserver's limits.
import type { IncomingMessage } from 'node:http';
import { newRequestEntityTooLarge } from '@kapi/apimachinery';

/** kube-apiserver's largest request body: 3 MiB. */
export const maxRequestBodyBytes = 3 * 1024 * 1024;

/** Reads the whole body; more than the limit is a 413 (the rest of the body is discarded). */
export function readBody(req: IncomingMessage, limit = maxRequestBodyBytes): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? '0');
    if (declared > limit) {
      req.resume();
      reject(newRequestEntityTooLarge(`limit is ${limit}`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(newRequestEntityTooLarge(`limit is ${limit}`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on('error', (err) => {
      if (!failed) reject(err);
    });
  });
}
