// Where the server benches keep their data: /dev/shm when it exists (etcd's and SQLite's writes
// then cost no disk), else the OS temp dir.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';

export const dataDirParent = (): string => {
  try {
    const probe = mkdtempSync('/dev/shm/kapi-bench-');
    rmSync(probe, { recursive: true });
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
};
