// CronJob schedules as kube-apiserver v1.33 parses them (github.com/robfig/cron/v3 ParseStandard):
// which schedules parse, and the parser's exact error text, which kube puts in the field error.
import { describe, expect, it } from 'vitest';
import { fieldErrorString } from '@kapi/apimachinery';
import { cronJobKind, cronScheduleError, type CronJob } from '../src/batch/v1/index.ts';
import { isKnownTimeZone } from '../src/batch/v1/cronjob.ts';

const valid = [
  '*/5 * * * *',
  '0 0 * * SUN',
  '0 9-17/2 * JAN-MAR mon-fri',
  '0 0 1,15 * ?',
  '30 3 * * 0-6',
  '59 23 31 12 6',
  '5/15 * * * *',
  '@hourly',
  '@daily',
  '@midnight',
  '@weekly',
  '@monthly',
  '@yearly',
  '@annually',
  '@every 1h30m',
  '@every 1.5s',
  'CRON_TZ=Europe/Paris 0 8 * * *',
  '  0   8 * * *  ',
];

const invalid: [string, string][] = [
  ['* * * *', 'expected exactly 5 fields, found 4: [* * * *]'],
  ['* * * * * *', 'expected exactly 5 fields, found 6: [* * * * * *]'],
  ['60 * * * *', 'end of range (60) above maximum (59): 60'],
  ['* 24 * * *', 'end of range (24) above maximum (23): 24'],
  ['* * 0 * *', 'beginning of range (0) below minimum (1): 0'],
  ['* * * 13 *', 'end of range (13) above maximum (12): 13'],
  ['* * * * 7', 'end of range (7) above maximum (6): 7'],
  ['*/0 * * * *', 'step of range should be a positive number: */0'],
  ['5-1 * * * *', 'beginning of range (5) beyond end of range (1): 5-1'],
  ['a * * * *', 'failed to parse int from a: strconv.Atoi: parsing "a": invalid syntax'],
  ['-1 * * * *', 'failed to parse int from : strconv.Atoi: parsing "": invalid syntax'],
  ['1-2-3 * * * *', 'too many hyphens: 1-2-3'],
  ['*/2/3 * * * *', 'too many slashes: */2/3'],
  ['* * * * L', 'failed to parse int from L: strconv.Atoi: parsing "L": invalid syntax'],
  ['@every x', 'failed to parse duration @every x: time: invalid duration "x"'],
  ['@every 5', 'failed to parse duration @every 5: time: missing unit in duration "5"'],
  ['@every 5d', 'failed to parse duration @every 5d: time: unknown unit "d" in duration "5d"'],
  ['@fortnightly', 'unrecognized descriptor: @fortnightly'],
  ['TZ=Mars/Olympus 0 8 * * *', 'provided bad location Mars/Olympus: unknown time zone Mars/Olympus'],
];

describe('cron.ParseStandard', () => {
  it.each(valid)('parses %j', (schedule) => expect(cronScheduleError(schedule, isKnownTimeZone)).toBeUndefined());
  it.each(invalid)('refuses %j: %s', (schedule, message) => expect(cronScheduleError(schedule, isKnownTimeZone)).toBe(message));
});

describe('time zones as Go loads them', () => {
  it.each([
    ['UTC', true],
    ['Local', true],
    ['Europe/Paris', true],
    ['America/Argentina/Buenos_Aires', true],
    ['Etc/GMT+5', true],
    ['europe/paris', false],
    ['Mars/Olympus', false],
  ] as const)('%s: %s', (zone, known) => expect(isKnownTimeZone(zone)).toBe(known));
});

function cronJob(spec: Record<string, unknown>): CronJob {
  const cj = {
    metadata: { name: 'tick', namespace: 'default', resourceVersion: '1' },
    spec: {
      schedule: '*/1 * * * *',
      jobTemplate: { metadata: { name: 'tick' }, spec: { template: { spec: { containers: [{ name: 'c', image: 'busybox' }], restartPolicy: 'OnFailure' } } } },
      ...spec,
    },
  } as CronJob;
  cronJobKind.defaults(cj);
  return cj;
}

describe('CronJob schedule validation', () => {
  it('reports the parser error on spec.schedule', () => {
    expect(cronJobKind.validate(cronJob({ schedule: '61 * * * *' })).map(fieldErrorString)).toEqual([
      'spec.schedule: Invalid value: "61 * * * *": end of range (61) above maximum (59): 61',
    ]);
  });

  it('requires a schedule', () => {
    expect(cronJobKind.validate(cronJob({ schedule: '' })).map(fieldErrorString)).toEqual(['spec.schedule: Required value']);
  });

  it('refuses TZ= in new schedules, keeps old ones that had it, and never with timeZone', () => {
    const tz = cronJob({ schedule: 'TZ=UTC 0 * * * *' });
    expect(cronJobKind.validate(tz).map(fieldErrorString)).toEqual([
      'spec.schedule: Invalid value: "TZ=UTC 0 * * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead',
    ]);
    expect(cronJobKind.validateUpdate(structuredClone(tz), tz)).toEqual([]);
    const both = structuredClone(tz);
    both.spec!.timeZone = 'UTC';
    expect(cronJobKind.validateUpdate(both, tz).map(fieldErrorString)).toEqual([
      'spec.schedule: Invalid value: "TZ=UTC 0 * * * *": cannot use both timeZone field and TZ or CRON_TZ in schedule',
    ]);
  });
});
