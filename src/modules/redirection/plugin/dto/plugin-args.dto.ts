import { IsIn, IsOptional, IsString } from 'class-validator';
import { Arg } from '../../../../platform/rest';

/** `POST /plugin`: the fix-it action's option and value (api-plugin.php). */
export class FixArgs {
  @IsOptional()
  @IsString()
  @Arg({ description: 'Name' })
  name?: string;

  @IsOptional()
  @IsString()
  @Arg({ description: 'Value' })
  value?: string;
}

/** `POST /plugin/data`: the database upgrade step. */
export class DataArgs {
  @IsOptional()
  @IsString()
  @IsIn(['stop', 'skip', 'retry'])
  @Arg({ description: 'Upgrade parameter' })
  upgrade?: string;
}
