import { IsArray, IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { Arg, CommonArgs, Context } from '../../../../platform/rest';
import type { PluginStatus } from '../plugins.service';

export const PLUGIN_PATTERN = '[^.\\/]+(?:\\/[^.\\/]+)?';

export class ListPluginsArgs {
  @CommonArgs.context()
  context: Context;

  @CommonArgs.search()
  search?: string;

  @IsOptional()
  @IsArray()
  @IsIn(['inactive', 'active'], { each: true })
  @IsString({ each: true })
  @Arg({ description: 'Limits results to plugins with the given status.' })
  status?: PluginStatus[];
}

export class GetPluginArgs {
  @CommonArgs.context()
  context: Context;

  @IsOptional()
  @IsString()
  @Matches(new RegExp(PLUGIN_PATTERN, 'u'))
  @Arg({})
  plugin: string;
}
