import { IsOptional, IsString } from 'class-validator';
import { Arg, CommonArgs, Context } from '../../../../../platform/rest';

export class ListBlockTypesArgs {
  @CommonArgs.context()
  context: Context;

  @IsOptional()
  @IsString()
  @Arg({ description: 'Block namespace.' })
  namespace?: string;
}

export class GetBlockTypeArgs {
  @IsOptional()
  @IsString()
  @Arg({ description: 'Block name.' })
  name: string;

  @IsOptional()
  @IsString()
  @Arg({ description: 'Block namespace.' })
  namespace: string;

  @CommonArgs.context()
  context: Context;
}
