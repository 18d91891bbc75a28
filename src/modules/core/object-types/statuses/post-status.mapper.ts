import { JsonSchema, LinkSet, RestUrls } from '../../../../platform/rest';
import type { PostStatusDefinition } from '../definitions/post-statuses';

const ALL = ['view', 'edit', 'embed'] as const;
const VIEW_EDIT = ['view', 'edit'] as const;
const EDIT = ['edit'] as const;

/** WordPress's status schema (`WP_REST_Post_Statuses_Controller::get_item_schema`). */
export function postStatusSchema(): JsonSchema {
  const readonly = true;
  return {
    $schema: 'http://json-schema.org/draft-04/schema#',
    title: 'status',
    type: 'object',
    properties: {
      name: { description: 'The title for the status.', type: 'string', context: ALL, readonly },
      private: {
        description: 'Whether posts with this status should be private.',
        type: 'boolean',
        context: EDIT,
        readonly,
      },
      protected: {
        description: 'Whether posts with this status should be protected.',
        type: 'boolean',
        context: EDIT,
        readonly,
      },
      public: {
        description: 'Whether posts of this status should be shown in the front end of the site.',
        type: 'boolean',
        context: VIEW_EDIT,
        readonly,
      },
      queryable: {
        description: 'Whether posts with this status should be publicly-queryable.',
        type: 'boolean',
        context: VIEW_EDIT,
        readonly,
      },
      show_in_list: {
        description: 'Whether to include posts in the edit listing for their post type.',
        type: 'boolean',
        context: EDIT,
        readonly,
      },
      slug: {
        description: 'An alphanumeric identifier for the status.',
        type: 'string',
        context: ALL,
        readonly,
      },
      date_floating: {
        description: 'Whether posts of this status may have floating published dates.',
        type: 'boolean',
        context: VIEW_EDIT,
        readonly,
      },
    },
  };
}

export function toPostStatusResponse(status: PostStatusDefinition, urls: RestUrls): Record<string, unknown> {
  const archives = urls.route(
    '/core/v2/posts',
    status.slug === 'publish' ? undefined : { status: status.slug },
  );
  return {
    name: status.name,
    private: status.private,
    protected: status.protected,
    public: status.public,
    queryable: status.queryable,
    show_in_list: status.showInList,
    slug: status.slug,
    date_floating: status.dateFloating,
    _links: new LinkSet().add('archives', archives).toJSON(),
  };
}
