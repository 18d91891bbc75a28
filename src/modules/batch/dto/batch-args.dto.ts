import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  ValidateNested,
} from 'class-validator';
import { Arg } from '../../../platform/rest';

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

/** One sub-request of a batch (WordPress's schema for `requests` items). */
export class BatchItemDto {
  @IsOptional()
  @IsString()
  @IsIn([...BATCH_METHODS])
  @Arg({ default: 'POST' })
  method?: BatchMethod;

  @IsDefined()
  @IsString()
  @Arg() // declared, so it keeps its place after method
  path: string;

  @IsOptional()
  @IsObject()
  @Arg({ properties: {}, additionalProperties: true })
  body?: Record<string, unknown>;

  // header values are a string or a list of strings: WordPress's multi-type
  @IsOptional()
  @IsObject()
  @Arg({ properties: {}, additionalProperties: { type: ['string', 'array'], items: { type: 'string' } } })
  headers?: Record<string, string | string[]>;
}

/** Arguments of `POST /batch/v1`, with WordPress's schema (class-wp-rest-server.php `__construct`). */
export class BatchArgs {
  @IsOptional()
  @IsString()
  @IsIn(['require-all-validate', 'normal'])
  @Arg({ default: 'normal' })
  validation: BatchValidation;

  @IsDefined()
  @IsArray()
  @ArrayMaxSize(MAX_BATCH_SIZE)
  @ValidateNested({ each: true })
  @Type(() => BatchItemDto)
  @Arg({}, { order: ['type', 'maxItems', 'items'] })
  requests: BatchItem[];
}
