import { IsBoolean, IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import { Arg, CommonArgs, Context } from '../../../../platform/rest';

/** An integer route capture (WordPress shows captures as not required). */
function Capture(description: string): PropertyDecorator {
  return (target, property) => {
    IsOptional()(target, property);
    IsInt()(target, property);
    Arg({ description })(target, property);
  };
}

export class ListRevisionsArgs {
  @Capture('The ID for the parent of the revision.')
  parent: number;

  @CommonArgs.context()
  context: Context;

  @CommonArgs.page()
  page: number;

  @CommonArgs.perPage(null)
  per_page?: number;

  @CommonArgs.search()
  search?: string;

  @CommonArgs.exclude()
  exclude: number[];

  @CommonArgs.include()
  include: number[];

  @CommonArgs.offset()
  offset?: number;

  @CommonArgs.order('desc')
  order: 'asc' | 'desc';

  @IsOptional()
  @IsString()
  @IsIn(['date', 'id', 'include', 'relevance', 'slug', 'include_slugs', 'title'])
  @Arg({ description: 'Sort collection by object attribute.', default: 'date' })
  orderby: string;
}

export class GetRevisionArgs {
  @Capture('The ID for the parent of the revision.')
  parent: number;

  @Capture('Unique identifier for the revision.')
  id: number;

  @CommonArgs.context()
  context: Context;
}

export class DeleteRevisionArgs {
  @Capture('The ID for the parent of the revision.')
  parent: number;

  @Capture('Unique identifier for the revision.')
  id: number;

  @IsOptional()
  @IsBoolean()
  @Arg({ description: 'Required to be true, as revisions do not support trashing.', default: false })
  force: boolean;
}

export class ListAutosavesArgs {
  @Capture('The ID for the parent of the autosave.')
  id: number;

  @CommonArgs.context()
  context: Context;
}
