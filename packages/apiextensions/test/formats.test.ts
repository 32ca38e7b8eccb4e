// kube-openapi's strfmt format tests (pkg/validation/strfmt/default_test.go: TestFormatURI …
// TestFormatPassword; the value each test round-trips counts as valid), as data, and
// apiextensions' TestRegistryFormats (pkg/apiserver/validation/formats_test.go).
import { describe, expect, it } from 'vitest';
import { formatValidator, supportedFormats } from '../src/index.ts';

const long = (n: number) => 'a'.repeat(n);
const table: [string, string[], string[]][] = [
  ['uri', ['http://somewhere.com', 'http://somewhereelse.com', '/a/path', 'mailto:a@b.c', 'http://[::1]:80/x', 'https://u@h:8443/p?q#f'], ['somewhere.com', 'rel/path', 'http://a b/', 'http://h:port/', 'http://x/\u0001']],
  ['email', [
    'somebody@somewhere.com', 'somebodyelse@somewhere.com', 'blah@gmail.com', 'test@d.verylongtoplevel', 'email+tag@gmail.com', '" "@example.com',
    '"Abc\\@def"@example.com', '"Fred Bloggs"@example.com', '"Joe\\\\Blow"@example.com', '"Abc@def"@example.com', 'customer/department=shipping@example.com',
    '$A12345@example.com', '!def!xyz%abc@example.com', '_somename@example.com', "!#$%&'*+-/=?^_`{}|~@example.com", "Miles.O'Brian@example.com",
    'postmaster@☁→❄→☃→☀→☺→☂→☹→✝.ws', 'root@localhost', 'john@com', 'api@piston.ninja',
  ], ['somebody@somewhere@com']],
  ['hostname', [
    'somewhere.com', '888.com', 'a.com', 'a.b.com', 'a.b.c.com', 'a.b.c.d.com', 'a.b.c.d.e.com', '1.com', '1.2.com', '1.2.3.com', '1.2.3.4.com', '99.domain.com',
    '99.99.domain.com', '1wwworg.example.com', '1000wwworg.example.com', 'xn--bcher-kva.example.com', 'xn-80ak6aa92e.co', 'xn-80ak6aa92e.com', 'xn--ls8h.la',
    '☁→❄→☃→☀→☺→☂→☹→✝.ws', 'www.example.onion', 'www.example.ôlà', 'ôlà.ôlà', 'ôlà.ôlà.ôlà', 'ex$ample', 'localhost', 'example', 'x', 'x-y', 'a.b.c.dot',
    'www.example.org', 'a.b.c.d.e.f.g.dot', 'ex=ample.com', '<foo>', 'www.example-hyphenated.org', 'www.詹姆斯.org', 'www.élégigôö.org', 'www.詹姆斯.london',
  ], [
    'somewhere.com!', 'user@email.domain', '1.1.1.1', long(256), ['x', 'y', long(64)].join('.'), 'www.example-.org', 'www.--example.org', '-www.example.org',
    'www-.example.org', 'www.d-.org', 'www.-d.org', 'www-', '-www', 'www.ex ample.org', '_www.example.org', 'www.ex;ample.org', 'www.example_underscored.org',
    'www.詹姆斯.x', 'a.b.c.d', '-xyz', 'xyz-', 'x.', 'a.b.c.dot-', 'a.b.c.é;ö',
  ]],
  ['ipv4', ['192.168.254.1', '192.168.254.2', '127.0.0.1', '192.168.1.1', '192.168.1.01'], ['198.168.254.2.2']],
  ['ipv6', ['::1', '::2'], ['127.0.0.1']],
  ['cidr', ['192.168.254.1/24', '192.168.254.2/24', '192.0.2.1/24', '192.0.02.1/24', '2001:db8:a0b:12f0::1/32'], ['198.168.254.2', '2001:db8:a0b:12f0::1']],
  ['mac', ['01:02:03:04:05:06', '06:05:04:03:02:01'], ['01:02:03:04:05']],
  ['uuid3', ['bcd02e22-68f0-3046-a512-327cca9def8f', '0cb8ab3e-9b45-3bf0-8c07-1d2c3ec34b29'], ['not-a-uuid']],
  ['uuid4', ['f47ac10b-58cc-4372-a567-0e02b2c3d479'], ['not-a-uuid', 'bcd02e22-68f0-3046-a512-327cca9def8f']],
  ['uuid5', ['a9c32d9e-8efb-5c65-9e6c-4a1ba2d8b8bb'], ['not-a-uuid']],
  ['uuid', ['a9c32d9e-8efb-5c65-9e6c-4a1ba2d8b8bb', 'A9C32D9E8EFB5C659E6C4A1BA2D8B8BB'], ['not-a-uuid']],
  ['isbn', ['0321751043'], ['836217463']],
  ['isbn10', ['0321751043'], ['836217463']],
  ['isbn13', ['978-0321751041'], ['978-0321751042']],
  ['hexcolor', ['#FFFFFF', '#000000'], ['#fffffffz']],
  ['rgbcolor', ['rgb(255,255,255)', 'rgb(0,0,0)'], ['rgb(300,0,0)']],
  ['ssn', ['111-11-1111', '999 99 9999'], ['999 99 999']],
  ['creditcard', ['4111-1111-1111-1111', '4012-8888-8888-1881'], ['9999-9999-9999-999']],
  ['password', ['super secret stuff here', 'super secret!!!', 'even more secret'], []],
  ['byte', ['ZWxpemFiZXRocG9zZXk='], ['not base64!']],
  ['date', ['2006-01-02', '2024-02-29'], ['2023-02-29', '06/01/02', '2006-1-02']],
  ['date-time', ['1963-06-19T08:30:06.283185Z', '2024-01-01T10:00:00+01:00'], ['06/19/1963 08:30:06 PST', '2013-350T01:01:01', '2024-01-01T24:00:00Z']],
  ['duration', ['3s', '1h30m', '22 ns', '5 days'], ['forever', '']],
  ['bsonobjectid', ['507f1f77bcf86cd799439011'], ['507f1f77bcf86cd79943901']],
];

describe('string formats (kube-openapi strfmt tests)', () => {
  for (const [format, valid, invalid] of table) {
    const check = formatValidator(format)!;
    for (const v of valid) it(`${format}: ${JSON.stringify(v)} is valid`, () => expect(check(v)).toBe(true));
    for (const v of invalid) it(`${format}: ${JSON.stringify(v.slice(0, 40))} is invalid`, () => expect(check(v)).toBe(false));
  }
});

describe('supported formats (kube TestRegistryFormats)', () => {
  it('are the formats every Kubernetes version validates', () => {
    expect([...supportedFormats].sort()).toEqual(
      ['bsonobjectid', 'uri', 'email', 'hostname', 'ipv4', 'ipv6', 'cidr', 'mac', 'uuid', 'uuid3', 'uuid4', 'uuid5', 'isbn', 'isbn10', 'isbn13', 'creditcard', 'ssn', 'hexcolor', 'rgbcolor', 'byte', 'password', 'date', 'duration', 'datetime'].sort(),
    );
  });
  it('normalises dashes as go-openapi does', () => expect(formatValidator('date-time')).toBe(formatValidator('datetime')));
  it('ignores other formats', () => {
    for (const f of ['int32', 'int64', 'float', 'double', 'k8s-short-name', 'quantity']) expect(formatValidator(f)).toBeUndefined();
  });
});
