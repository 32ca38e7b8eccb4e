import { describe, expect, it } from 'vitest';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequestProfile, timed, timedSync } from './request-profile.ts';

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('request profile', () => {
  it("attributes a request's time to its layers, a nested layer counted once, the rest as other", async () => {
    const profile = createRequestProfile();
    const server = createServer((req, res) =>
      void profile.run(req, res, () => 'POST things', async () => {
        timedSync('decode', () => busy(2));
        await timed('storage', async () => {
          busy(2);
          // Inside storage, the field manager: its time is its own, not storage's.
          timedSync('managedFields', () => busy(3));
        });
        busy(1);
        res.end('ok');
      }),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const { port } = server.address() as AddressInfo;
    for (let i = 0; i < 2; i++) {
      await new Promise<void>((resolve) => request({ host: '127.0.0.1', port, method: 'POST' }, (res) => res.resume().on('end', () => resolve())).end());
    }
    server.close();
    const [row] = profile.report();
    expect(row!.request).toBe('POST things');
    expect(row!.count).toBe(2);
    const p = row!.microsPerRequest;
    expect(Object.keys(p)).toEqual(['decode', 'managedFields', 'storage', 'other', 'total']);
    // Each layer took at least what it was made to take, and `other` (the request's time less the
    // layers') keeps the 1 ms spent outside them: had storage counted the nested managedFields
    // too, the layers would add up to more than the request and `other` would be below zero.
    expect(p.decode).toBeGreaterThanOrEqual(2000);
    expect(p.managedFields).toBeGreaterThanOrEqual(3000);
    expect(p.storage).toBeGreaterThanOrEqual(2000);
    expect(p.other).toBeGreaterThanOrEqual(900);
    profile.reset();
    expect(profile.report()).toEqual([]);
  });

  it('times nothing outside a profiled request', async () => {
    expect(await timed('storage', () => 7)).toBe(7);
    expect(timedSync('decode', () => 8)).toBe(8);
  });
});
