import { EVENT_CAPS } from '../../platform/auth';
import { JsonSchema, RestError } from '../../platform/rest';
import type { Ability, AbilityCategory } from './ability';

export const ABILITY_CATEGORIES: readonly AbilityCategory[] = [
  { slug: 'site', label: 'Site', description: 'Information about the site.' },
  { slug: 'calendar', label: 'Calendar', description: 'Reading and planning the events calendar.' },
  { slug: 'redirects', label: 'Redirects', description: 'The redirects of the site.' },
];

/** A failed internal request becomes the ability's error, as the route answered it. */
function unwrap(response: { status: number; data: any }): any {
  if (response.status >= 400) {
    const { code, message, data } = response.data ?? {};
    throw new RestError(
      String(code ?? 'ability_execution_failed'),
      String(message ?? 'The ability failed.'),
      response.status,
      {
        ...(data ?? {}),
        status: response.status,
      },
    );
  }
  return response.data;
}

const eventSummary: JsonSchema & { properties: Record<string, JsonSchema> } = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    start_date: { type: 'string' },
    end_date: { type: 'string' },
    url: { type: 'string', format: 'uri' },
    venue: { type: ['string', 'null'] },
  },
};

function summarize(event: any) {
  return {
    id: event.id,
    title: event.title,
    start_date: event.start_date,
    end_date: event.end_date,
    url: event.url,
    venue:
      event.venue && typeof event.venue === 'object' && 'venue' in event.venue ? event.venue.venue : null,
  };
}

/** The abilities this site offers; each runs through the REST routes of the same name's domain. */
export const SITE_ABILITIES: readonly Ability[] = [
  {
    name: 'core/get-site-info',
    label: 'Get site information',
    description: 'Returns the site title, tagline, address, time zone and API root.',
    category: 'site',
    outputSchema: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        description: { type: 'string' },
        url: { type: 'string', format: 'uri' },
        timezone: { type: 'string' },
        gmt_offset: { type: 'string' },
        api_root: { type: 'string', format: 'uri' },
      },
    },
    annotations: { readonly: true, destructive: false, idempotent: true },
    canRun: (user) => user?.can('manage_options') ?? false,
    async run(_input, { request, apiRoot }) {
      const index = unwrap(
        await request('GET', '/', { _fields: 'name,description,url,timezone_string,gmt_offset' }),
      );
      return {
        name: index.name,
        description: index.description,
        url: index.url,
        timezone: index.timezone_string,
        gmt_offset: String(index.gmt_offset),
        api_root: apiRoot,
      };
    },
  },
  {
    name: 'cal/list-upcoming-events',
    label: 'List upcoming events',
    description: 'Lists the next published events of the calendar, soonest first.',
    category: 'calendar',
    inputSchema: {
      type: 'object',
      properties: {
        per_page: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
        search: { type: 'string' },
      },
      additionalProperties: false,
    },
    outputSchema: { type: 'array', items: eventSummary },
    annotations: { readonly: true, destructive: false, idempotent: true },
    canRun: () => true,
    async run(input, { request }) {
      const params: Record<string, unknown> = { per_page: input.per_page ?? 10, status: 'publish' };
      if (input.search) params.search = input.search;
      const response = await request('GET', '/cal/events/v1/events', params);
      // TEC answers 404 past the last page: no upcoming events is an empty list here.
      if (response.status === 404) return [];
      return (unwrap(response).events as any[]).map(summarize);
    },
  },
  {
    name: 'cal/create-event-draft',
    label: 'Create an event draft',
    description: 'Creates a draft event in the calendar for an editor to review and publish.',
    category: 'calendar',
    inputSchema: {
      type: 'object',
      properties: {
        title: { type: 'string', minLength: 1, required: true },
        start_date: { type: 'string', required: true },
        end_date: { type: 'string', required: true },
        description: { type: 'string' },
        venue: { type: 'integer', minimum: 1 },
      },
      additionalProperties: false,
    },
    outputSchema: { ...eventSummary, properties: { ...eventSummary.properties, status: { type: 'string' } } },
    annotations: { readonly: false, destructive: false, idempotent: false },
    canRun: (user) => user?.can(EVENT_CAPS.edit) ?? false,
    async run(input, { request }) {
      const event = unwrap(await request('POST', '/cal/events/v1/events', { ...input, status: 'draft' }));
      return { ...summarize(event), status: event.status };
    },
  },
  {
    name: 'redirection/find-redirects',
    label: 'Find redirects',
    description: 'Finds the redirects whose source URL contains the given text.',
    category: 'redirects',
    inputSchema: {
      type: 'object',
      properties: {
        url: { type: 'string', minLength: 1, required: true },
        per_page: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
      },
      additionalProperties: false,
    },
    outputSchema: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          url: { type: 'string' },
          match_type: { type: 'string' },
          action_type: { type: 'string' },
          action_code: { type: 'integer' },
          target: { type: ['string', 'null'] },
          enabled: { type: 'boolean' },
          hits: { type: 'integer' },
        },
      },
    },
    annotations: { readonly: true, destructive: false, idempotent: true },
    canRun: (user) => user?.can('manage_options') ?? false,
    async run(input, { request }) {
      const found = unwrap(
        await request('GET', '/redirection/v1/redirect', {
          filterBy: { url: input.url },
          per_page: input.per_page ?? 25,
        }),
      );
      return (found.items as any[]).map((item) => ({
        id: item.id,
        url: item.url,
        match_type: item.match_type,
        action_type: item.action_type,
        action_code: item.action_code,
        target: typeof item.action_data?.url === 'string' ? item.action_data.url : null,
        enabled: item.enabled,
        hits: item.hits,
      }));
    },
  },
];
