// Behaviour of sigs.k8s.io/structured-merge-diff/v4/internal/fixture/state.go (v4.6.0)
import type { ManagedFields } from '../fieldpath/managers.ts';
import { Updater, type Converter } from '../merge/update.ts';
import { allowDuplicates, deducedParseableType, type ParseableType } from '../typed/parser.ts';
import type { TypedValue } from '../typed/typed.ts';
import { equalValues } from '../value/compare.ts';
import { diffValues } from './diff.ts';
import { fixTabsOrDie } from './fix-tabs.ts';

/**
 * Where a test finds the type of an object: by the object's API version. A typed `Parser`
 * (whose types are named after the versions) is one; {@link sameVersionParser} maps every
 * version to one type.
 */
export interface Parser {
  /** The type objects of `version` parse as. */
  type(version: string): ParseableType;
}

/** A parser that gives `t` for every version (Go `SameVersionParser`). */
export function sameVersionParser(t: ParseableType): Parser {
  return { type: () => t };
}

/** A parser that deduces the type of every version (Go `DeducedParser`). */
export const deducedParser: Parser = sameVersionParser(deducedParseableType);

/**
 * The state of a test: the live object and its managed fields, changed by the operations run on
 * it (Go `fixture.State`). `live` is `null` until the first operation creates an empty object.
 */
export interface State {
  live: TypedValue | null;
  parser: Parser;
  managers: ManagedFields;
  readonly updater: Updater;
  /** Records a non-apply write of `tv` by `manager`; throws what the updater throws. */
  updateObject(tv: TypedValue, version: string, manager: string): void;
  /** {@link State.updateObject} of `yaml` (tab-fixed, parsed allowing duplicates). */
  update(yaml: string, version: string, manager: string): void;
  /** Applies `tv` for `manager`; throws the updater's errors, conflicts included. */
  applyObject(tv: TypedValue, version: string, manager: string, force: boolean): void;
  /** {@link State.applyObject} of `yaml` (tab-fixed). */
  apply(yaml: string, version: string, manager: string, force: boolean): void;
  /** `''` when the live object, in `version`, equals `yaml`; otherwise a description of the differences. */
  compareLive(yaml: string, version: string): string;
}

/** What {@link newState} starts from. */
export interface StateOptions {
  updater?: Updater;
  converter?: Converter;
  parser: Parser;
  managers?: ManagedFields;
  live?: TypedValue | null;
}

class FixtureState implements State {
  live: TypedValue | null;
  parser: Parser;
  managers: ManagedFields;
  readonly updater: Updater;

  constructor(options: StateOptions) {
    this.updater = options.updater ?? new Updater(options.converter ? { converter: options.converter } : {});
    this.parser = options.parser;
    this.managers = options.managers ?? new Map();
    this.live = options.live ?? null;
  }

  #checkInit(version: string): TypedValue {
    if (this.live === null) {
      try {
        this.live = this.parser.type(version).fromUnstructured(null);
      } catch (err) {
        throw new Error(`failed to create new empty object: ${err instanceof Error ? err.message : String(err)}`, {
          cause: err,
        });
      }
    }
    return this.live;
  }

  updateObject(tv: TypedValue, version: string, manager: string): void {
    const live = this.updater.converter.convert(this.#checkInit(version), version);
    this.live = live;
    const { object, managers } = this.updater.update(live, tv, version, this.managers, manager);
    this.live = object;
    this.managers = managers;
  }

  update(yaml: string, version: string, manager: string): void {
    const tv = this.parser.type(version).fromYAML(fixTabsOrDie(yaml), allowDuplicates);
    this.updateObject(tv, version, manager);
  }

  applyObject(tv: TypedValue, version: string, manager: string, force: boolean): void {
    const live = this.updater.converter.convert(this.#checkInit(version), version);
    this.live = live;
    const { object, managers } = this.updater.apply(live, tv, version, this.managers, manager, force);
    this.managers = managers;
    if (object !== null) this.live = object;
  }

  apply(yaml: string, version: string, manager: string, force: boolean): void {
    const tv = this.parser.type(version).fromYAML(fixTabsOrDie(yaml));
    this.applyObject(tv, version, manager, force);
  }

  compareLive(yaml: string, version: string): string {
    const fixed = fixTabsOrDie(yaml);
    const live = this.#checkInit(version);
    const tv = this.parser.type(version).fromYAML(fixed, allowDuplicates);
    const converted = this.updater.converter.convert(live, version);
    const expected = tv.asValue();
    const actual = converted.asValue();
    if (equalValues(expected, actual)) return '';
    return diffValues(expected, actual);
  }
}

/**
 * A test state (Go `fixture.State{...}`). Without an `updater`, one is built with `converter`
 * (or none: every version is the object's own).
 */
export function newState(options: StateOptions): State {
  return new FixtureState(options);
}
