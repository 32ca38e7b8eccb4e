// Test helpers of @kapi/apiextensions, published as `@kapi/apiextensions/testing`: serving
// certificates made by `openssl`, and a conversion webhook server to point a CRD at.
export { createTestCertificates, type TestCertificates, type TestCertificateOptions } from './certificates.ts';
export { startConversionWebhook, type ConversionWebhookServer, type ConversionReviewHandler } from './conversion-webhook.ts';
