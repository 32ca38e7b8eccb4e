// Test helpers for controllers: an in-memory ControllerClient and a poll for observable state.
export { createFakeClient, defaultFakeResources, mergePatch, type FakeAction, type FakeClient, type FakeReactor } from './fake-client.ts';
export { eventually } from './eventually.ts';
