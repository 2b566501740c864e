// Sends by kind for tests: the product sends an operation (MessageService.send); tests read
// better naming the kind and leaving the Idempotency-Key to be minted, as the window does.
import { randomUUID } from 'node:crypto';
import type { SendAudioInput, SendMediaInput, SendTemplateInput, SendTextInput } from '../../../src-main/core/operations';
import type { MessageService, SendCallOptions, SendResult } from '../../../src-main/core/services';

export function sendText(messages: MessageService, input: SendTextInput, options: SendCallOptions = {}): Promise<SendResult> {
  return messages.send({ op: 'messages.text', input, idempotencyKey: options.idempotencyKey ?? randomUUID() }, options);
}

export function sendMedia(messages: MessageService, input: SendMediaInput, options: SendCallOptions = {}): Promise<SendResult> {
  return messages.send({ op: 'messages.media', input, idempotencyKey: options.idempotencyKey ?? randomUUID() }, options);
}

export function sendAudio(messages: MessageService, input: SendAudioInput, options: SendCallOptions = {}): Promise<SendResult> {
  return messages.send({ op: 'messages.audio', input, idempotencyKey: options.idempotencyKey ?? randomUUID() }, options);
}

export function sendTemplate(messages: MessageService, input: SendTemplateInput, options: SendCallOptions = {}): Promise<SendResult> {
  return messages.send({ op: 'messages.template', input, idempotencyKey: options.idempotencyKey ?? randomUUID() }, options);
}
