import { Arg } from '../../rest';

/** WordPress's get_max_batch_size() (filter `rest_get_max_batch_size`). */
export const MAX_BATCH_SIZE = 25;

export const BATCH_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type BatchMethod = (typeof BATCH_METHODS)[number];

export type BatchValidation = 'require-all-validate' | 'normal';

/** One sub-request of a batch, as sent. */
export interface BatchItem {
  method?: BatchMethod;
  path: string;
  body?: Record<string, unknown>;
  headers?: Record<string, string | string[]>;
}

/** Arguments of `POST /batch/v1`, with WordPress's schema (class-wp-rest-server.php `__construct`). */
export class BatchArgs {
  @Arg({ type: 'string', enum: ['require-all-validate', 'normal'], default: 'normal' })
  validation: BatchValidation;

  @Arg({
    required: true,
    type: 'array',
    maxItems: MAX_BATCH_SIZE,
    items: {
      type: 'object',
      properties: {
        method: { type: 'string', enum: [...BATCH_METHODS], default: 'POST' },
        path: { type: 'string', required: true },
        body: { type: 'object', properties: {}, additionalProperties: true },
        headers: {
          type: 'object',
          properties: {},
          additionalProperties: { type: ['string', 'array'], items: { type: 'string' } },
        },
      },
    },
  })
  requests: BatchItem[];
}
