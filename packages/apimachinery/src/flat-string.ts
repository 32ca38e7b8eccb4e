// Strings kept per object (cache keys, informer keys) as one flat copy each.

/**
 * `s` as one flat string. A string built by concatenation is a tree of its parts (~70 bytes for a
 * 30-character key); its one copy in V8's string table takes ~50. For strings kept per object.
 */
export function flatString(s: string): string {
  return Object.keys({ [s]: 0 })[0]!;
}
