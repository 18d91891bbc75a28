import { IsObject, IsOptional, IsString } from 'class-validator';
import { Arg, CommonArgs } from '../../../platform/rest';

export class ListAbilitiesArgs {
  @CommonArgs.page()
  page: number;

  @CommonArgs.perPage(50)
  per_page: number;

  @IsOptional()
  @IsString()
  @Arg({ description: 'Limit results to abilities in a specific category.' })
  category?: string;
}

/** The `name` capture (`[a-zA-Z0-9\-\/]+?`): not required in the index, as WordPress shows captures. */
export class AbilityNameArgs {
  @IsOptional()
  @IsString()
  @Arg({ description: 'Unique identifier for the ability.' })
  name: string;
}

export class RunAbilityArgs extends AbilityNameArgs {
  @IsOptional()
  @IsObject()
  @Arg({ description: 'Input parameters for the ability execution.' })
  input?: Record<string, unknown>;
}

export class CategorySlugArgs {
  @IsOptional()
  @IsString()
  @Arg({ description: 'Unique identifier for the ability category.' })
  slug: string;
}
