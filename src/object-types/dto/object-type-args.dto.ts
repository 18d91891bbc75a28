import { Arg, CommonArgs, Context } from '../../rest';

export class ListObjectTypesArgs {
  @CommonArgs.context()
  context: Context;
}

export class GetPostTypeArgs extends ListObjectTypesArgs {
  @Arg({ description: 'An alphanumeric identifier for the post type.', type: 'string' })
  type: string;
}

export class ListTaxonomiesArgs extends ListObjectTypesArgs {
  @Arg({ description: 'Limit results to taxonomies associated with a specific post type.', type: 'string' })
  type?: string;
}

export class GetTaxonomyArgs extends ListObjectTypesArgs {
  @Arg({ description: 'An alphanumeric identifier for the taxonomy.', type: 'string' })
  taxonomy: string;
}

export class GetPostStatusArgs extends ListObjectTypesArgs {
  @Arg({ description: 'An alphanumeric identifier for the status.', type: 'string' })
  status: string;
}
