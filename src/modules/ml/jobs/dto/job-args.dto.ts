import { Type } from 'class-transformer';
import {
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Min,
  ValidateNested,
} from 'class-validator';
import { Arg, LANGUAGES, RestErrors } from '../../../../platform/rest';
import { SORT_COLUMNS } from '../jobs.repository';

const CSV_INTS = /^\s*\d+(\s*,\s*\d+)*\s*$/;
const DAY = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;

/** `sorting`: an object `{column: "asc"|"desc"}` of known columns. */
function validSorting(value: unknown): true | ReturnType<typeof RestErrors.invalidParams> {
  const problem = (message: string) => RestErrors.invalidParams({ sorting: message }, {});
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return problem('sorting is not of type object.');
  for (const [column, direction] of Object.entries(value as Record<string, unknown>)) {
    if (!(column in SORT_COLUMNS))
      return problem(`sorting column ${column} is not one of ${Object.keys(SORT_COLUMNS).join(', ')}.`);
    if (typeof direction !== 'string' || !['asc', 'desc'].includes(direction.toLowerCase()))
      return problem(`sorting[${column}] is not one of asc, desc.`);
  }
  return true;
}

/** `GET ml/tm/v1/jobs`: WPML's criteria (`class-wpml-tm-rest-jobs.php`, criteria parser). */
export class ListJobsArgs {
  @IsOptional()
  @IsString()
  @Matches(CSV_INTS)
  @Arg({ description: 'Comma-separated local job IDs.' })
  local_job_ids?: string;

  @IsOptional()
  @IsString()
  @Matches(CSV_INTS)
  @Arg({ description: 'Comma-separated job IDs.' })
  ids?: string;

  @IsOptional()
  @IsString()
  @IsIn(['remote', 'local', 'all', 'ate'])
  @Arg({ description: 'Which jobs: local, remote (translation service), ATE or all.' })
  scope?: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Arg({ description: 'One job ID.' })
  id?: number;

  @IsOptional()
  @IsString()
  @Arg({ description: 'Comma-separated parts of titles.' })
  title?: string;

  @IsOptional()
  @IsString()
  @IsIn([...LANGUAGES])
  @Arg({ description: 'Source language code.' })
  source_language?: string;

  @IsOptional()
  @IsString()
  @Matches(/^\s*[a-z]{2}(\s*,\s*[a-z]{2})*\s*$/)
  @Arg({ description: 'Comma-separated target language codes.' })
  target_language?: string;

  @IsOptional()
  @IsString()
  @Matches(CSV_INTS)
  @Arg({
    description:
      'Comma-separated status codes (1 waiting, 2 in progress, 3 needs update, 10 complete, 30 needs review).',
  })
  status?: string;

  @IsOptional()
  @IsString()
  @IsIn(['include', 'exclude'])
  @Arg({ description: 'Only jobs that need an update (include) or none of them (exclude).' })
  needs_update?: string;

  @IsOptional()
  @IsBoolean()
  @Arg({ description: 'Only automatic jobs.' })
  only_automatic?: boolean;

  @IsOptional()
  @IsString()
  @Matches(/^\d+$/)
  @Arg({ description: 'Translator user ID.' })
  translated_by?: string;

  @IsOptional()
  @IsString()
  @Arg({ description: 'Comma-separated element types (post_post, post_page, post_cal_events...).' })
  element_type?: string;

  @IsOptional()
  @IsString()
  @Arg({ description: 'Comma-separated batch names.' })
  batch_name?: string;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Arg({ description: 'Number of jobs (0: all).' })
  limit?: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Arg({ description: 'Jobs to skip (only with a limit).' })
  offset?: number;

  @Arg({ description: 'Sort order: {column: "asc"|"desc"}.', validate: validSorting })
  sorting?: Record<string, string>;

  @IsOptional()
  @IsString()
  @Matches(DAY)
  @Arg({ description: 'Sent on or after (Y-m-d).' })
  sent_from?: string;

  @IsOptional()
  @IsString()
  @Matches(DAY)
  @Arg({ description: 'Sent on or before (Y-m-d).' })
  sent_to?: string;

  @IsOptional()
  @IsString()
  @Matches(DAY)
  @Arg({ description: 'Deadline on or after (Y-m-d).' })
  deadline_from?: string;

  @IsOptional()
  @IsString()
  @Matches(DAY)
  @Arg({ description: 'Deadline on or before (Y-m-d).' })
  deadline_to?: string;
}

export class AssignJobArgs {
  @IsDefined()
  @IsInt()
  @Min(1)
  @Arg({ description: 'The job ID.' })
  jobId: number;

  @IsOptional()
  @IsString()
  @IsIn(['post', 'string', 'package'])
  @Arg({ description: 'The job type.', default: 'post' })
  type: string;

  @IsDefined()
  @IsInt()
  @Min(0)
  @Arg({ description: 'The translator’s user ID.' })
  translatorId: number;
}

export class BatchSyncArgs {
  @IsDefined()
  @IsArray()
  @IsInt({ each: true })
  @Arg({ description: 'Batch IDs.' })
  batchId: number[];
}

export class XliffDownloadArgs {
  @IsInt()
  @Min(1)
  @Arg({ description: 'The job ID.' })
  job_id: number;

  @IsString()
  @Matches(/^\w+$/)
  @Arg({ description: 'The job type (post, string, package).' })
  job_type: string;

  @IsOptional()
  @IsBoolean()
  @Arg({ description: 'Answer JSON instead of a file download.', default: false })
  json: boolean;
}

export class XliffFetchArgs {
  @IsInt()
  @Min(1)
  @Arg({ description: 'The job ID.' })
  jobId: number;
}

export class SendElementDto {
  @IsDefined()
  @IsInt()
  @Min(1)
  @Arg({ description: 'The ID of the original.' })
  id: number;

  @IsOptional()
  @IsString()
  @Arg({
    description: 'Its type (post, page, cal_events or WPML’s post_page...); found from the ID when left out.',
  })
  type?: string;
}

/** `POST ml/tm/v1/jobs/send` (our extension: WPML sends from its dashboard, an admin-ajax action). */
export class SendJobsArgs {
  @IsDefined()
  @IsArray()
  @ArrayMinSize(1)
  @ValidateNested({ each: true })
  @Type(() => SendElementDto)
  @Arg({ description: 'The originals to translate: [{id, type?}].' })
  elements: SendElementDto[];

  @IsOptional()
  @IsArray()
  @IsIn([...LANGUAGES], { each: true })
  @Arg({ description: 'Target languages (default: every other language).' })
  target_languages?: string[];

  @IsOptional()
  @IsInt()
  @Min(1)
  @Arg({ description: 'Assign the jobs to this translator.' })
  translator_id?: number;

  @IsOptional()
  @IsString()
  @Matches(/^\d{4}-\d{2}-\d{2}$/)
  @Arg({ description: 'Deadline (Y-m-d).' })
  deadline?: string;

  @IsOptional()
  @IsString()
  @Arg({ description: 'Batch name (default: "Manual Translations from <date>").' })
  batch_name?: string;
}
