// The KV's own encoding of etcd's Range and Txn messages, checked against protobufjs reading and
// writing the same messages from the .proto files the etcd3 client ships (etcd's rpc.proto, kv.proto).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import {
  CompareResult,
  CompareTarget,
  decodeRangeResponse,
  decodeTxnResponse,
  encodeRangeRequest,
  encodeTxnRequest,
} from '../src/internal/kv-messages.ts';

const etcd3Main = createRequire(import.meta.url).resolve('etcd3');
const etcd3Dir = dirname(dirname(etcd3Main));
const root = protobuf.loadSync(join(etcd3Dir, 'proto', 'rpc.proto'));
const type = (name: string) => root.lookupType(`etcdserverpb.${name}`);
const plain = (name: string, bytes: Uint8Array) => type(name).toObject(type(name).decode(bytes), { longs: String, enums: String, bytes: String, defaults: false, oneofs: true });
const b = (s: string) => Buffer.from(s);
const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('etcd KV messages', () => {
  it('writes the create, update and delete txns as protobufjs reads them', () => {
    const key = b('/registry/configmaps/ns/a');
    const create = plain(
      'TxnRequest',
      encodeTxnRequest({
        compare: [{ key, target: CompareTarget.Create, result: CompareResult.Equal, value: 0 }],
        success: [{ put: { key, value: b('v'), lease: 7 } }],
        failure: [{ range: { key } }],
      }),
    );
    expect(create).toEqual({
      compare: [{ key: b64('/registry/configmaps/ns/a'), target: 'Create', createRevision: '0', targetUnion: 'createRevision' }],
      success: [{ requestPut: { key: b64('/registry/configmaps/ns/a'), value: b64('v'), lease: '7' }, request: 'requestPut' }],
      failure: [{ requestRange: { key: b64('/registry/configmaps/ns/a') }, request: 'requestRange' }],
    });
    const update = plain(
      'TxnRequest',
      encodeTxnRequest({
        compare: [{ key, target: CompareTarget.Mod, result: CompareResult.Equal, value: 2 ** 40 }],
        success: [{ put: { key, value: new Uint8Array(300).fill(120) } }, { range: { key, keysOnly: true } }],
        failure: [{ range: { key } }],
      }),
    );
    expect(update.compare).toEqual([{ key: b64('/registry/configmaps/ns/a'), target: 'Mod', modRevision: String(2 ** 40), targetUnion: 'modRevision' }]);
    expect(update.success[1]).toEqual({ requestRange: { key: b64('/registry/configmaps/ns/a'), keysOnly: true }, request: 'requestRange' });
    expect(Buffer.from(update.success[0].requestPut.value, 'base64')).toEqual(Buffer.alloc(300, 120));
    const del = plain(
      'TxnRequest',
      encodeTxnRequest({
        compare: [
          { key, target: CompareTarget.Mod, result: CompareResult.Equal, value: 0 },
          { key, target: CompareTarget.Version, result: CompareResult.Greater, value: 0 },
        ],
        success: [{ deleteRange: { key, prevKv: true } }],
        failure: [{ range: { key } }],
      }),
    );
    expect(del.compare[1]).toEqual({ key: b64('/registry/configmaps/ns/a'), result: 'Greater', version: '0', targetUnion: 'version' });
    expect(del.success).toEqual([{ requestDeleteRange: { key: b64('/registry/configmaps/ns/a'), prevKv: true }, request: 'requestDeleteRange' }]);
  });

  it('writes range requests as protobufjs reads them', () => {
    expect(plain('RangeRequest', encodeRangeRequest({ key: b('/a/'), rangeEnd: b('/a0'), limit: 500, revision: 12345678901, countOnly: true }))).toEqual({
      key: b64('/a/'),
      rangeEnd: b64('/a0'),
      limit: '500',
      revision: '12345678901',
      countOnly: true,
    });
  });

  it('reads what protobufjs writes: headers with 64-bit ids, keys, values, revisions, leases', () => {
    const kv = (k: string, lease: string | number) => ({ key: b(k), createRevision: 5, modRevision: 2 ** 33, version: 3, value: b(`value of ${k}`), lease });
    const header = { clusterId: '14841639068965178418', memberId: '10276657743932975437', revision: 2 ** 35, raftTerm: 9 };
    const range = decodeRangeResponse(
      type('RangeResponse').encode(type('RangeResponse').fromObject({ header, kvs: [kv('/a/1', 0), kv('/a/2', '9223372036854775807'), kv('/a/3', 2 ** 52)], more: true, count: 3 })).finish(),
    );
    expect(range.revision).toBe(2 ** 35);
    expect(range.more).toBe(true);
    expect(range.count).toBe(3);
    expect(range.kvs.map((k) => [Buffer.from(k.key).toString(), Buffer.from(k.value).toString(), k.createRevision, k.modRevision, k.version, k.lease])).toEqual([
      ['/a/1', 'value of /a/1', 5, 2 ** 33, 3, 0],
      // A lease id beyond 2^53 (another client's) is -1, never a rounded id.
      ['/a/2', 'value of /a/2', 5, 2 ** 33, 3, -1],
      ['/a/3', 'value of /a/3', 5, 2 ** 33, 3, 2 ** 52],
    ]);
    const txn = decodeTxnResponse(
      type('TxnResponse').encode(
        type('TxnResponse').fromObject({
          header,
          succeeded: true,
          responses: [{ responsePut: { header } }, { responseRange: { header, kvs: [kv('/a/1', 0)], count: 1 } }, { responseDeleteRange: { header, deleted: 1, prevKvs: [kv('/a/4', 3)] } }],
        }),
      ).finish(),
    );
    expect(txn.succeeded).toBe(true);
    expect(txn.revision).toBe(2 ** 35);
    expect(txn.responses).toHaveLength(3);
    expect(txn.responses[0]).toEqual({});
    expect(txn.responses[1]!.range!.kvs.map((k) => Buffer.from(k.key).toString())).toEqual(['/a/1']);
    expect(txn.responses[2]!.deleteRange!.deleted).toBe(1);
    expect(txn.responses[2]!.deleteRange!.prevKvs[0]!.lease).toBe(3);
    const failed = decodeTxnResponse(type('TxnResponse').encode(type('TxnResponse').fromObject({ header, responses: [{ responseRange: { header } }] })).finish());
    expect(failed.succeeded).toBe(false);
    expect(failed.responses[0]!.range!.kvs).toEqual([]);
  });
});
