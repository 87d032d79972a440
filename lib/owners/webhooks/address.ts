/** Our receiver's address for a connection's notifications (app/api/webhooks/[webhookId]); the id is public. */
export function receiverAddress(appUrl: string, webhookId: string): string {
  return `${appUrl}/api/webhooks/${webhookId}`;
}
