// The conversion webhook transport against a real HTTPS server on 127.0.0.1 with certificates made
// by openssl: what it sends (path with `?timeout=`, headers, JSON), what it trusts (the caBundle,
// the certificate's names), and client-go's words for each way a call fails.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookTransport, type ConversionReview } from '../src/index.ts';
import { createTestCertificates, startConversionWebhook, type ConversionWebhookServer, type TestCertificates } from '../src/testing/index.ts';

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasOpenssl) console.warn('openssl is not on PATH: the webhook transport tests are skipped');

const review: ConversionReview = {
  kind: 'ConversionReview',
  apiVersion: 'apiextensions.k8s.io/v1',
  request: { uid: 'u', desiredAPIVersion: 'example.com/v2', objects: [] },
  response: { uid: '', convertedObjects: null, result: { metadata: {} } },
};
const message = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: unknown) => (e as Error).message,
  );

describe.skipIf(!hasOpenssl)('the conversion webhook transport', () => {
  let certs: TestCertificates;
  let webhook: ConversionWebhookServer;
  beforeAll(async () => {
    certs = createTestCertificates();
    webhook = await startConversionWebhook(certs, (body) => ({ echoed: body }));
  });
  afterAll(() => webhook.stop());

  it('POSTs the review as JSON to the path with ?timeout=30s, as kube-apiserver does, and returns the parsed answer', async () => {
    webhook.handler = (body) => ({ echoed: body });
    const transport = createWebhookTransport({ url: `https://127.0.0.1:${webhook.port}/convert/`, caBundle: certs.caBundle });
    expect(await transport.post(review)).toEqual({ echoed: review });
    const seen = webhook.requests.at(-1)!;
    expect(seen.path).toBe('/convert?timeout=30s');
    expect(seen.headers).toMatchObject({ 'content-type': 'application/json', accept: 'application/json, */*', 'user-agent': 'kube-apiserver-admission', host: `127.0.0.1:${webhook.port}` });
    // localhost is dialled as 127.0.0.1; the certificate names it.
    expect(await createWebhookTransport({ url: `https://localhost:${webhook.port}/convert`, caBundle: certs.caBundle }).post(review)).toEqual({ echoed: review });
    // The connection is kept and reused, and a restarted webhook is reached again.
    await webhook.stop();
    await webhook.start();
    expect(await transport.post(review)).toEqual({ echoed: review });
  });

  it("reports a webhook that is not listening in client-go's words", async () => {
    const url = `https://127.0.0.1:${webhook.port}/convert`;
    await webhook.stop();
    try {
      expect(await message(createWebhookTransport({ url, caBundle: certs.caBundle }).post(review))).toBe(
        `Post "https://127.0.0.1:${webhook.port}/convert?timeout=30s": dial tcp 127.0.0.1:${webhook.port}: connect: connection refused`,
      );
    } finally {
      await webhook.start();
    }
  });

  it('trusts only the caBundle, and checks the names the certificate carries', async () => {
    const other = createTestCertificates();
    const url = `https://127.0.0.1:${webhook.port}/convert`;
    expect(await message(createWebhookTransport({ url, caBundle: other.caBundle }).post(review))).toBe(
      `Post "${url}?timeout=30s": tls: failed to verify certificate: x509: certificate signed by unknown authority`,
    );
    const wrongIp = createTestCertificates({ ipAddresses: ['127.0.0.2'], dnsNames: [] });
    const server = await startConversionWebhook(wrongIp, () => ({}));
    try {
      const at = `https://127.0.0.1:${server.port}/convert`;
      expect(await message(createWebhookTransport({ url: at, caBundle: wrongIp.caBundle }).post(review))).toBe(
        `Post "${at}?timeout=30s": tls: failed to verify certificate: x509: certificate is valid for 127.0.0.2, not 127.0.0.1`,
      );
      const byName = `https://localhost:${server.port}/convert`;
      expect(await message(createWebhookTransport({ url: byName, caBundle: wrongIp.caBundle }).post(review))).toBe(
        `Post "${byName}?timeout=30s": tls: failed to verify certificate: x509: certificate is not valid for any names, but wanted to match localhost`,
      );
    } finally {
      await server.stop();
    }
  });

  it("refuses an expired certificate with Go's words and dates", async () => {
    const expired = createTestCertificates({ validity: { notBefore: '20200101000000Z', notAfter: '20200102000000Z' } });
    const server = await startConversionWebhook(expired, () => ({}));
    try {
      const at = `https://127.0.0.1:${server.port}/convert`;
      expect(await message(createWebhookTransport({ url: at, caBundle: expired.caBundle }).post(review))).toMatch(
        new RegExp(`^Post "${at.replace(/[.]/g, '\\.')}\\?timeout=30s": tls: failed to verify certificate: x509: certificate has expired or is not yet valid: current time \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ is after 2020-01-02T00:00:00Z$`),
      );
    } finally {
      await server.stop();
    }
  });

  it("gives up at the deadline with client-go's context error, naming the timeout it sent", async () => {
    webhook.handler = () => undefined;
    const transport = createWebhookTransport({ url: `https://127.0.0.1:${webhook.port}/convert`, caBundle: certs.caBundle }, { timeoutMs: 300 });
    expect(await message(transport.post(review))).toBe(`Post "https://127.0.0.1:${webhook.port}/convert?timeout=300ms": context deadline exceeded`);
    expect(webhook.requests.at(-1)!.path).toBe('/convert?timeout=300ms');
  });

  it("turns answers outside 2xx into client-go's errors, preferring a Status in the body", async () => {
    const transport = createWebhookTransport({ url: `https://127.0.0.1:${webhook.port}/convert`, caBundle: certs.caBundle });
    const answer = (code: number, contentType: string, body: string) => {
      webhook.handler = (_b, _req, res) => {
        res.writeHead(code, { 'Content-Type': contentType }).end(body);
        return undefined;
      };
      return message(transport.post(review));
    };
    expect(await answer(422, 'text/plain; charset=utf-8', 'Cannot handle v1 ConversionReview\n')).toBe('the server rejected our request due to an error in our request');
    expect(await answer(500, 'text/plain; charset=utf-8', 'boom "quoted"\n')).toBe('an error on the server ("boom \\"quoted\\"") has prevented the request from succeeding');
    expect(await answer(500, 'application/json', '{"x":1}')).toBe('an error on the server ("unknown") has prevented the request from succeeding');
    expect(await answer(404, 'text/plain', '404 page not found')).toBe('the server could not find the requested resource');
    expect(await answer(400, 'text/plain', 'bad')).toBe('the server rejected our request for an unknown reason');
    expect(await answer(418, 'text/plain', 'teapot')).toBe('the server responded with the status code 418 but did not return more information');
    expect(await answer(403, 'text/plain', 'not you')).toBe('not you');
    expect(await answer(500, 'application/json', '{"kind":"Status","apiVersion":"v1","status":"Failure","message":"from a Status","code":500}')).toBe('from a Status');
    expect(await answer(200, 'application/json', '')).toBe('0-length response with status code: 200 and content type: application/json');
  });

  it('calls only loopback addresses, and resolves services only through the resolver it is given', async () => {
    expect(await message(createWebhookTransport({ url: 'https://webhook.example.com/convert' }).post(review))).toBe(
      'Post "https://webhook.example.com/convert?timeout=30s": dial tcp webhook.example.com:443: kapi calls webhooks on loopback addresses only',
    );
    expect(await message(createWebhookTransport({ url: 'https://10.0.0.1:8443/c' }).post(review))).toBe(
      'Post "https://10.0.0.1:8443/c?timeout=30s": dial tcp 10.0.0.1:8443: kapi calls webhooks on loopback addresses only',
    );
    const service = { namespace: 'ns', name: 'conv', path: '/convert' };
    expect(await message(createWebhookTransport({ service }).post(review))).toBe('Post "https://conv.ns.svc:443/convert?timeout=30s": service "conv" not found');
    // A resolver that answers with the webhook's address: the certificate must name the service.
    const svcCerts = createTestCertificates({ ipAddresses: [], dnsNames: ['conv.ns.svc'] });
    const server = await startConversionWebhook(svcCerts, (body) => ({ via: 'service', body }));
    try {
      const transport = createWebhookTransport({ service: { ...service, port: 8443 }, caBundle: svcCerts.caBundle }, { resolveService: async () => ({ host: '127.0.0.1', port: server.port }) });
      expect(await transport.post(review)).toEqual({ via: 'service', body: review });
      expect(server.requests.at(-1)).toMatchObject({ path: '/convert?timeout=30s', headers: { host: 'conv.ns.svc:8443' } });
    } finally {
      await server.stop();
    }
  });
});
