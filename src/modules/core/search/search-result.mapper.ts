import { eventPermalink } from '../../cal';
import { termLink as calendarTermLink } from '../../cal';
import { CATEGORY, POST_TAG, postLink, termLink, TermEntity } from '..';
import { renderTitle } from '..';
import { JsonSchema, LinkSet, RestUrls } from '../../../platform/rest';
import type { SiteSearchResult } from './site-search.service';

const VIEW_EMBED = ['view', 'embed'] as const;

/** WordPress's search result schema. */
export function searchResultSchema(): JsonSchema {
  const readonly = true;
  return {
    $schema: 'http://json-schema.org/draft-04/schema#',
    title: 'search-result',
    type: 'object',
    properties: {
      id: {
        description: 'Unique identifier for the object.',
        type: ['integer', 'string'],
        context: VIEW_EMBED,
        readonly,
      },
      title: { description: 'The title for the object.', type: 'string', context: VIEW_EMBED, readonly },
      url: {
        description: 'URL to the object.',
        type: 'string',
        format: 'uri',
        context: VIEW_EMBED,
        readonly,
      },
      type: {
        description: 'Object type.',
        type: 'string',
        enum: ['post', 'term', 'post-format'],
        context: VIEW_EMBED,
        readonly,
      },
      subtype: { description: 'Object subtype.', type: 'string', context: VIEW_EMBED, readonly },
    },
  };
}

/** Where each result's object lives in the API, and its type's description. */
function objectRoutes(result: SiteSearchResult): { self: string; about: string } | null {
  if (result.type === 'post') {
    const { post } = result;
    if (post.subtype === 'cal_events')
      return { self: `/cal/events/v1/events/${post.id}`, about: '/core/v2/types/cal_events' };
    return {
      self: `/core/v2/${post.subtype === 'page' ? 'pages' : 'posts'}/${post.id}`,
      about: `/core/v2/types/${post.subtype}`,
    };
  }
  if (result.type === 'term') {
    const { term } = result;
    if (term.taxonomy === 'cal_events_cat') {
      return { self: `/cal/events/v1/categories/${term.id}`, about: '/core/v2/taxonomies/cal_events_cat' };
    }
    const base = term.taxonomy === 'category' ? 'categories' : 'tags';
    return { self: `/core/v2/${base}/${term.id}`, about: `/core/v2/taxonomies/${term.taxonomy}` };
  }
  return null;
}

function resultUrl(result: SiteSearchResult, siteUrl: string, urls: RestUrls): string {
  switch (result.type) {
    case 'post':
      return result.post.subtype === 'cal_events'
        ? eventPermalink(urls, result.post)
        : postLink(siteUrl, { ...result.post, type: result.post.subtype }, result.post.ancestors);
    case 'term': {
      const { term } = result;
      if (term.taxonomy === 'cal_events_cat') {
        return calendarTermLink(
          { taxonomy: 'category', slug: term.slug } as Parameters<typeof calendarTermLink>[0],
          urls,
          term.ancestors,
        );
      }
      const entity = Object.assign(new TermEntity(), { ...term, description: '', count: 0 });
      return termLink(siteUrl, term.taxonomy === 'category' ? CATEGORY : POST_TAG, entity, term.ancestors);
    }
    case 'post-format':
      return urls.site(`/type/${result.format}/`);
  }
}

/** One search result on the wire: id, title, url, type, subtype (posts only), and links to the object. */
export function toSearchResultResponse(
  result: SiteSearchResult,
  siteUrl: string,
  urls: RestUrls,
): Record<string, unknown> {
  const data: Record<string, unknown> =
    result.type === 'post'
      ? {
          id: result.post.id,
          title: renderTitle(result.post.title),
          url: '',
          type: 'post',
          subtype: result.post.subtype,
        }
      : result.type === 'term'
        ? { id: result.term.id, title: result.term.name, url: '', type: result.term.taxonomy }
        : { id: result.format, title: result.name, url: '', type: 'post-format' };
  data.url = resultUrl(result, siteUrl, urls);
  const links = new LinkSet();
  const routes = objectRoutes(result);
  if (routes)
    links.add('self', urls.route(routes.self), { embeddable: true }).add('about', urls.route(routes.about));
  links.add('collection', urls.route('/core/v2/search'));
  data._links = links.toJSON();
  return data;
}
