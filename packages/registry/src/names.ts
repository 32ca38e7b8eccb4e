// Behaviour of k8s.io/apiserver/pkg/storage/names/generate.go and k8s.io/apimachinery/pkg/util/rand (v1.33).
import { randomInt } from 'node:crypto';

const alphanums = 'bcdfghjklmnpqrstvwxz2456789';
const maxNameLength = 63;
const randomLength = 5;
const maxGeneratedNameLength = maxNameLength - randomLength;

/** `generateName` plus five random characters, the base cut to leave room for them. */
export function generateName(base: string): string {
  const b = base.length > maxGeneratedNameLength ? base.slice(0, maxGeneratedNameLength) : base;
  let suffix = '';
  for (let i = 0; i < randomLength; i++) suffix += alphanums[randomInt(alphanums.length)];
  return b + suffix;
}
