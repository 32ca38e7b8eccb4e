// `startTestServer()` in a fresh process, for the server section's start row: prints when its code was
// loaded and when the server was ready (ms since the process started), then the server's URL on stdout
// once it listens, and stops when stdin closes.
import { startTestServer } from '@kapi/apiserver/testing';

const loaded = performance.now();
const server = await startTestServer();
process.stdout.write(`phases ${loaded.toFixed(1)} ${performance.now().toFixed(1)}\n${server.url}\n`);
process.stdin.resume();
process.stdin.on('end', () => void server.stop().then(() => process.exit(0)));
