#!/usr/bin/env node
// The published entry of the `kapi` CLI: runs the compiled CLI.
import '../dist/cli.js';
