// Behaviour of sigs.k8s.io/structured-merge-diff/v4/internal/fixture/state_test.go (v4.6.0)
import { describe, expect, it } from 'vitest';
import { fixTabsOrDie } from './fix-tabs.ts';

describe('TestFixTabs', () => {
  const cases: { in: string; out?: string; shouldPanic?: boolean }[] = [
    { in: 'a\n  b\n', out: 'a\n  b\n' },
    { in: '\t\ta\n\t\t\tb\n', out: 'a\n\tb\n' },
    { in: '\n\t\ta\n\t\tb\n', out: 'a\nb\n' },
    { in: '\n\t\ta\n\t\t\tb\n\t', out: 'a\n\tb\n' },
    { in: '\t\ta\n\t\t  b\n', out: 'a\n  b\n' },
    { in: '\t\ta\n\tb\n', shouldPanic: true },
  ];
  cases.forEach((tt, i) => {
    it(`${i}-${JSON.stringify(tt.in)}`, () => {
      if (tt.shouldPanic === true) {
        expect(() => fixTabsOrDie(tt.in)).toThrow("line 1 doesn't start with expected number (2) of tabs: \tb");
        return;
      }
      expect(fixTabsOrDie(tt.in)).toBe(tt.out);
    });
  });
});
