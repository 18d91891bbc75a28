import { timingSafeEqual } from 'node:crypto';
import { IsDefined, IsIn, IsInt, IsObject, IsOptional, IsString } from 'class-validator';
import { Arg, RestCall } from '../../../../platform/rest';
import { AggregatorErrors } from '../aggregator.errors';
import { ImportRecordsRepository } from '../import-records.repository';

/** The `import_id` as sent (validators run before the args exist). */
function importIdOf(call: RestCall<any>): string {
  const value = call.param('import_id');
  return typeof value === 'string' ? value : '';
}

function pendingRecord(call: RestCall<any>) {
  return call.resolve(ImportRecordsRepository).findPending(importIdOf(call));
}

/** TEC's `is_valid_import_id`: a pending record exists for it. */
async function validImportId(_value: unknown, call: RestCall<any>) {
  return (await pendingRecord(call)) ? true : AggregatorErrors.invalidParameter();
}

/** TEC's `is_expected_batch_hash`: equal to the stored hash, compared in constant time; no stored hash → rejected. */
async function expectedBatchHash(value: unknown, call: RestCall<any>) {
  const stored = (await pendingRecord(call))?.nextBatchHash;
  if (!stored || typeof value !== 'string') return AggregatorErrors.invalidParameter();
  const given = Buffer.from(value);
  const expected = Buffer.from(stored);
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? true
    : AggregatorErrors.invalidParameter();
}

const isNumeric = (value: unknown) =>
  (typeof value === 'number' && Number.isFinite(value)) ||
  (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)));

/** `{data: {total, done}, batch: {total, done}}`, numeric, done ≤ total (TEC's `is_valid_status_information`). */
function validStatusInformation(value: unknown) {
  const ok = (part: unknown) => {
    if (!part || typeof part !== 'object' || Array.isArray(part)) return false;
    const { total, done } = part as Record<string, unknown>;
    return isNumeric(total) && isNumeric(done) && Number(done) <= Number(total);
  };
  const status = value as Record<string, unknown> | null;
  return status && typeof status === 'object' && ok(status.data) && ok(status.batch)
    ? true
    : AggregatorErrors.invalidParameter();
}

function validPercentage(value: unknown) {
  return isNumeric(value) && Number(value) >= 0 && Number(value) <= 100
    ? true
    : AggregatorErrors.invalidParameter();
}

class ImportCallbackArgs {
  @IsDefined()
  @IsString()
  @Arg({ description: 'The import ID assigned by the import service.', validate: validImportId })
  import_id: string;

  @IsDefined()
  @IsString()
  @Arg({ description: 'The hash of the next expected batch.', validate: expectedBatchHash })
  batch_hash: string;

  @IsDefined()
  @IsInt()
  @Arg({ description: 'How far the import is, 0 to 100.', validate: validPercentage })
  percentage_complete: number;
}

/** `POST import/{import_id}/batch` (TEC's `Batch::CREATE_args`). */
export class ImportBatchArgs extends ImportCallbackArgs {
  @IsDefined()
  @IsObject()
  @Arg({
    description: 'Progress: `{data: {total, done}, batch: {total, done}}`.',
    validate: validStatusInformation,
  })
  status: {
    data: { total: number; done: number };
    batch: { total: number; done: number; per_batch?: number };
  };

  @IsOptional()
  @IsInt()
  @Arg({ description: 'Seconds between the end of one batch and the start of the next.' })
  interval?: number;

  /** Not declared by TEC either (read from the body as sent). */
  events?: unknown;
}

/** `POST import/{import_id}/state` (TEC's `State::CREATE_args`). */
export class ImportStateArgs extends ImportCallbackArgs {
  @IsDefined()
  @IsString()
  @IsIn(['success', 'failed', 'pending'])
  @Arg({ description: 'The status to force the import record to.' })
  status: 'success' | 'failed' | 'pending';

  @IsDefined()
  @IsString()
  @Arg({ description: 'The message (not localized).' })
  message: string;

  @IsDefined()
  @IsString()
  @Arg({ description: 'The slug of the message, for localized messages.' })
  message_slug: string;
}
