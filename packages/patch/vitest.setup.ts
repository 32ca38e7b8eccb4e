// Property tests explore new random inputs on every local run; CI runs them with a fixed seed so
// that a landing never depends on luck. A counterexample found locally becomes a plain test case.
import fc from 'fast-check';

if (process.env.CI) fc.configureGlobal({ seed: 20261122 });
