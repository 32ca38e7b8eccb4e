// `startTestServer()` in a fresh process, for the server section's start row: prints the server's URL
// on stdout once it listens, and stops when stdin closes.
import { startTestServer } from '@kapi/apiserver/testing';

const server = await startTestServer();
process.stdout.write(`${server.url}\n`);
process.stdin.resume();
process.stdin.on('end', () => void server.stop().then(() => process.exit(0)));
