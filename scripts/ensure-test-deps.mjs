#!/usr/bin/env node
// Makes sure what the test suite needs beyond npm packages is installed: Debian's etcd-server
// (the tests start etcd on a free loopback port). Installs it with apt-get when running as root;
// otherwise says what to run.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function hasEtcd() {
  if (existsSync('/usr/bin/etcd')) return true;
  return spawnSync('etcd', ['--version'], { stdio: 'ignore' }).status === 0;
}

if (!hasEtcd()) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    process.stderr.write('The tests need etcd: run `sudo apt-get install -y etcd-server` (Debian/Ubuntu) and try again.\n');
    process.exit(1);
  }
  process.stderr.write('Installing etcd-server (Debian) for the etcd tests...\n');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'etcd-server'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  // Debian starts an etcd service on install; the tests run their own on free ports.
  spawnSync('service', ['etcd', 'stop'], { stdio: 'ignore' });
}
