import { JsonSchema, LinkSet, RestUrls } from '../../../platform/rest';
import { siteRoot } from '../posts/post-links';
import type { TaxonomyConfig } from './taxonomies';
import type { TermEntity } from './term.entity';

const ALL = ['view', 'embed', 'edit'] as const;
const VIEW_EDIT = ['view', 'edit'] as const;

/** The term item schema, with each field's contexts. */
export function termSchema(taxonomy: TaxonomyConfig): () => JsonSchema {
  return () => {
    const properties: Record<string, JsonSchema> = {
      id: { description: 'Unique identifier for the term.', type: 'integer', context: ALL, readonly: true },
      count: {
        description: 'Number of published posts for the term.',
        type: 'integer',
        context: VIEW_EDIT,
        readonly: true,
      },
      description: { description: 'HTML description of the term.', type: 'string', context: VIEW_EDIT },
      link: { description: 'URL of the term.', type: 'string', format: 'uri', context: ALL, readonly: true },
      name: { description: 'HTML title for the term.', type: 'string', context: ALL, required: true },
      slug: {
        description: 'An alphanumeric identifier for the term unique to its type.',
        type: 'string',
        context: ALL,
      },
      taxonomy: {
        description: 'Type attribution for the term.',
        type: 'string',
        enum: [taxonomy.name],
        context: ALL,
        readonly: true,
      },
    };
    if (taxonomy.hierarchical) {
      properties.parent = { description: 'The parent term ID.', type: 'integer', context: VIEW_EDIT };
    }
    properties.meta = { description: 'Meta fields.', type: 'object', context: VIEW_EDIT, properties: {} };
    return {
      $schema: 'http://json-schema.org/draft-04/schema#',
      title: taxonomy.name,
      type: 'object',
      properties,
    };
  };
}

/** The term archive's URL; a hierarchical term's path holds its ancestors (`/category/news/tech/`). */
export function termLink(
  siteUrl: string,
  taxonomy: TaxonomyConfig,
  term: TermEntity,
  ancestors: readonly string[] = [],
): string {
  return `${siteRoot(siteUrl, term.language)}/${[taxonomy.archiveBase, ...ancestors, term.slug].join('/')}/`;
}

export function toTermResponse(
  term: TermEntity,
  taxonomy: TaxonomyConfig,
  siteUrl: string,
  urls: RestUrls,
  ancestors: readonly string[] = [],
): Record<string, unknown> {
  const base = `/core/v2/${taxonomy.restBase}`;
  const data: Record<string, unknown> = {
    id: term.id,
    count: term.count,
    description: term.description,
    link: termLink(siteUrl, taxonomy, term, ancestors),
    name: term.name,
    slug: term.slug,
    taxonomy: taxonomy.name,
  };
  if (taxonomy.hierarchical) data.parent = term.parentId;
  data.meta = [];
  const links = new LinkSet()
    .add('self', urls.route(`${base}/${term.id}`))
    .add('collection', urls.route(base))
    .add('about', urls.route(`/core/v2/taxonomies/${taxonomy.name}`));
  if (taxonomy.hierarchical && term.parentId) {
    links.add('up', urls.route(`${base}/${term.parentId}`), { embeddable: true });
  }
  links.add('https://api.w.org/post_type', urls.route('/core/v2/posts', { [taxonomy.restBase]: term.id }));
  data._links = links.toJSON();
  return data;
}
