import { applyDecorators } from '@nestjs/common';
import { IsOptional, IsString } from 'class-validator';
import { Arg, CommonArgs, Context } from '../../../../platform/rest';

/** A string argument (a route capture, or a filter). */
const OptionalString = (description: string) =>
  applyDecorators(IsOptional(), IsString(), Arg({ description }));

export class ListObjectTypesArgs {
  @CommonArgs.context()
  context: Context;
}

export class GetPostTypeArgs extends ListObjectTypesArgs {
  @OptionalString('An alphanumeric identifier for the post type.')
  type: string;
}

export class ListTaxonomiesArgs extends ListObjectTypesArgs {
  @OptionalString('Limit results to taxonomies associated with a specific post type.')
  type?: string;
}

export class GetTaxonomyArgs extends ListObjectTypesArgs {
  @OptionalString('An alphanumeric identifier for the taxonomy.')
  taxonomy: string;
}

export class GetPostStatusArgs extends ListObjectTypesArgs {
  @OptionalString('An alphanumeric identifier for the status.')
  status: string;
}
