/**
 * @kapi/registry/testing — kube's REST tester (resttest.Tester): the cases every resource's
 * storage must pass, for the registry's resources and for stores built on it.
 */
export { runRESTTester, type RESTTesterHarness } from './rest-tester.ts';
