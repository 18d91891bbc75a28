import { JsonSchema, LinkSet, NS, RestUrls } from '../../../platform/rest';
import type { MenuLocationView, MenuView } from './menus.service';

const ALL = ['view', 'embed', 'edit'] as const;
const VIEW_EDIT = ['view', 'edit'] as const;

/** WordPress's menu schema: a flat term's without `count`, `link` and `taxonomy`, plus `locations` and `auto_add`. */
export function menuSchema(): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-04/schema#',
    title: 'nav_menu',
    type: 'object',
    properties: {
      id: { description: 'Unique identifier for the term.', type: 'integer', context: ALL, readonly: true },
      description: { description: 'HTML description of the term.', type: 'string', context: VIEW_EDIT },
      name: { description: 'HTML title for the term.', type: 'string', context: ALL, required: true },
      slug: {
        description: 'An alphanumeric identifier for the term unique to its type.',
        type: 'string',
        context: ALL,
      },
      meta: { description: 'Meta fields.', type: 'object', context: VIEW_EDIT, properties: {} },
      locations: {
        description: 'The locations assigned to the menu.',
        type: 'array',
        items: { type: 'string' },
        context: VIEW_EDIT,
      },
      auto_add: {
        description: 'Whether to automatically add top level pages to this menu.',
        context: VIEW_EDIT,
        type: 'boolean',
      },
    },
  };
}

export function toMenuResponse({ menu, locations }: MenuView, urls: RestUrls) {
  const links = new LinkSet()
    .add('self', urls.route(`/${NS.core}/menus/${menu.id}`))
    .add('collection', urls.route(`/${NS.core}/menus`))
    .add('about', urls.route(`/${NS.core}/taxonomies/nav_menu`));
  for (const location of locations) {
    links.add('https://api.w.org/menu-location', urls.route(`/${NS.core}/menu-locations/${location}`), {
      embeddable: true,
    });
  }
  return {
    id: menu.id,
    description: menu.description,
    name: menu.name,
    slug: menu.slug,
    meta: [],
    locations,
    auto_add: menu.autoAdd,
    _links: links.toJSON(),
  };
}

/** WordPress's menu location schema. */
export function menuLocationSchema(): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-04/schema#',
    title: 'menu-location',
    type: 'object',
    properties: {
      name: {
        description: 'The name of the menu location.',
        type: 'string',
        context: ALL,
        readonly: true,
      },
      description: {
        description: 'The description of the menu location.',
        type: 'string',
        context: ALL,
        readonly: true,
      },
      menu: {
        description: 'The ID of the assigned menu.',
        type: 'integer',
        context: ALL,
        readonly: true,
      },
    },
  };
}

export function toMenuLocationResponse(location: MenuLocationView, urls: RestUrls) {
  const links = new LinkSet()
    .add('self', urls.route(`/${NS.core}/menu-locations/${location.name}`))
    .add('collection', urls.route(`/${NS.core}/menu-locations`));
  if (location.menuId) {
    links.add('https://api.w.org/menu', urls.route(`/${NS.core}/menus/${location.menuId}`), {
      embeddable: true,
    });
  }
  return {
    name: location.name,
    description: location.description,
    menu: location.menuId,
    _links: links.toJSON(),
  };
}
