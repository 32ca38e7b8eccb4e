// Cases of k8s.io/apimachinery/pkg/util/duration/duration_test.go (TestHumanDuration and
// TestHumanDurationBoundaries), in milliseconds.
import { describe, expect, it } from 'vitest';
import { humanDuration } from './duration.ts';

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;
const year = 365 * day;

describe('humanDuration', () => {
  it.each([
    [second, '1s'],
    [70 * second, '70s'],
    [190 * second, '3m10s'],
    [70 * minute, '70m'],
    [47 * hour, '47h'],
    [49 * hour, '2d1h'],
    [8 * day + 2 * hour, '8d'],
    [367 * day, '367d'],
    [2 * year + 25 * hour, '2y1d'],
    [8 * year + 2 * hour, '8y'],
  ])('%d ms → %s', (ms, want) => {
    expect(humanDuration(ms)).toBe(want);
  });

  describe('boundaries', () => {
    it.each([
      [-2 * second, '<invalid>'],
      [-2 * second + 1, '0s'],
      [0, '0s'],
      [second - 1, '0s'],
      [2 * minute - 1, '119s'],
      [2 * minute, '2m'],
      [2 * minute + second, '2m1s'],
      [10 * minute - 1, '9m59s'],
      [10 * minute, '10m'],
      [10 * minute + second, '10m'],
      [3 * hour - 1, '179m'],
      [3 * hour, '3h'],
      [3 * hour + minute, '3h1m'],
      [8 * hour - 1, '7h59m'],
      [8 * hour, '8h'],
      [8 * hour + 59 * minute, '8h'],
      [2 * day - 1, '47h'],
      [2 * day, '2d'],
      [2 * day + hour, '2d1h'],
      [8 * day - 1, '7d23h'],
      [8 * day, '8d'],
      [8 * day + 23 * hour, '8d'],
      [2 * year - 1, '729d'],
      [2 * year, '2y'],
      [2 * year + 23 * hour, '2y'],
      [2 * year + 23 * hour + 59 * minute, '2y'],
      [2 * year + day - 1, '2y'],
      [2 * year + day, '2y1d'],
      [3 * year, '3y'],
      [4 * year, '4y'],
      [5 * year, '5y'],
      [6 * year, '6y'],
      [7 * year, '7y'],
      [8 * year - 1, '7y364d'],
      [8 * year, '8y'],
      [8 * year + 364 * day, '8y'],
      [9 * year, '9y'],
    ])('%d ms → %s', (ms, want) => {
      expect(humanDuration(ms)).toBe(want);
    });
  });
});
