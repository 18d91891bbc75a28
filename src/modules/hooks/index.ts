export { HooksModule } from './hooks.module';
export { WebhookSenderJob } from './webhook-sender.job';
export type { SenderRun } from './webhook-sender.job';
export { signatureHeader } from './webhook-signature';
