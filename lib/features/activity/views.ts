/**
 * What the activity page's components are handed: a notification as the service sent it and the rules that show
 * its parts. The webhooks' owner keeps them (lib/owners/webhooks/); components take them from here, never from it.
 */
export {
  type OtherPayload,
  paymentEventOf,
  type PaymentPayload,
  type UploadPayload,
  type WebhookNotification,
} from '@/lib/owners/webhooks/payload-shape';
export {
  compactJson,
  documentPath,
  otherEventName,
  paymentAmount,
  requestIdOf,
  textOf,
  uploadedEntities,
  uploadedKind,
} from '@/lib/owners/webhooks/present';
