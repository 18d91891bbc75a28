import { IsDefined, IsInt, IsOptional, IsString, Matches, Min } from 'class-validator';
import { Arg, RestErrors } from '../../../../platform/rest';

/** `ate_job_data`: WPML's associative array, i.e. a JSON object (a list is taken too), never a scalar. */
const isJobData = (value: unknown) =>
  value !== null && typeof value === 'object'
    ? true
    : RestErrors.invalidParams({ ate_job_data: 'ate_job_data is not of type array.' }, {});

/** `POST ate/jobs/store`. */
export class StoreAteJobArgs {
  @IsDefined()
  @IsString()
  @Matches(/^\d+$/, { message: 'ml_job_id is not a job ID.' })
  @Arg({ description: 'The local translation job ID.' })
  ml_job_id: string;

  @IsDefined()
  @Arg({
    description: 'The ATE job data (`ate_job_id`, and what ATE answered).',
    type: 'array',
    validateSchema: false,
    validate: isJobData,
  })
  ate_job_data: Record<string, unknown> | unknown[];
}

/** `POST ate/jobs/sync`. */
export class SyncAteJobsArgs {
  @IsOptional()
  @IsString()
  @Arg({ description: 'The sync session’s lock key, from the previous call.' })
  lockKey?: string;

  @IsOptional()
  @IsString()
  @Arg({ description: 'ATE’s pagination token, from the previous call.' })
  ateToken?: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Arg({ description: 'The page to read (from 1), from the previous call’s nextPage.' })
  page?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Arg({ description: 'The number of pages, from the first call.' })
  numberOfPages?: number;
}

/** `GET ate/jobs/receive/{mlJobId}`. */
export class ReceiveAteJobArgs {
  @IsDefined()
  @IsInt()
  @Arg({ description: 'The local translation job ID.' })
  mlJobId: number;
}
