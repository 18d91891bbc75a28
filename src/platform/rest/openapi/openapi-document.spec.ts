import type { RestRouteEntry } from '../routing/route-registry';
import { argSpecsOf, Arg } from '../schema';
import { buildOpenApiDocument, openApiPath } from './openapi-document';

class ThingArgs {
  @Arg({ description: 'ID.', type: 'integer', required: true })
  id: number;

  @Arg({ description: 'Tags.', type: ['array', 'string'], items: { type: 'string' } })
  tags?: string[];

  @Arg({ description: 'Website.', type: ['string', 'null'] })
  website?: string | null;
}

const thingSchema = () => ({
  title: 'thing',
  type: 'object' as const,
  properties: {
    id: { type: 'integer' as const, description: 'ID', context: ['view' as const] },
    image: {
      title: 'Image',
      type: ['object' as const, 'boolean' as const],
      properties: { url: { type: 'string' as const } },
    },
    owners: { type: 'array' as const, items: { title: 'Owner', type: 'object' as const } },
  },
});

function entry(
  pattern: string,
  methods: RestRouteEntry['endpoints'][number]['methods'],
  namespace = 'cal/events/v1',
): RestRouteEntry {
  return {
    namespace,
    pattern,
    regex: /x/,
    endpoints: [
      {
        methods,
        args: argSpecsOf(ThingArgs),
        permission: () => true,
        allowBatch: false,
        showInIndex: true,
        schema: thingSchema,
        summary: 'Things',
        handler: () => null,
      },
    ],
  };
}

describe('buildOpenApiDocument', () => {
  it('converts WordPress path captures', () => {
    expect(openApiPath('/things/(?P<id>\\d+)')).toEqual({ path: '/things/{id}', params: ['id'] });
    expect(openApiPath('/things/by-slug/(?P<slug>[^/]+)').path).toBe('/things/by-slug/{slug}');
  });

  it('builds paths, parameters, bodies and components from routes of one namespace', () => {
    const doc = buildOpenApiDocument(
      [
        entry('/cal/events/v1', ['GET']),
        entry('/cal/events/v1/things', ['GET']),
        entry('/cal/events/v1/things/(?P<id>\\d+)', ['GET', 'POST']),
        entry('/core/v2/other', ['GET'], 'core/v2'),
      ],
      'cal/events/v1',
      'http://example.test/wp-json/cal/events/v1/',
    );
    expect(Object.keys(doc)).toEqual(['openapi', 'info', 'components', 'servers', 'paths']);
    expect(doc.openapi).toBe('3.0.0');
    expect(doc.servers).toEqual([{ url: 'http://example.test/wp-json/cal/events/v1/' }]);
    expect(Object.keys(doc.paths)).toEqual(['/things', '/things/{id}']);

    const list = doc.paths['/things'].get as Record<string, any>;
    expect(list.parameters.map((p: any) => p.name)).toEqual(['id', 'tags', 'website']);
    expect(list.parameters[1]).toMatchObject({ in: 'query', style: 'form', explode: false });
    expect(list.parameters[2].schema).toEqual({ type: 'string', nullable: true });
    expect(list.responses['200'].content['application/json'].schema).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Thing' },
    });

    const single = doc.paths['/things/{id}'] as Record<string, any>;
    expect(single.get.parameters[0]).toMatchObject({
      name: 'id',
      in: 'path',
      required: true,
      schema: { type: 'integer' },
    });
    expect(single.post.requestBody.content['application/json'].schema.properties.tags).toEqual({
      oneOf: [{ type: 'array' }, { type: 'string' }],
      items: { type: 'string' },
      description: 'Tags.',
    });
    expect(single.post.parameters.map((p: any) => p.name)).toEqual(['id']);

    expect(Object.keys(doc.components.schemas).sort()).toEqual(['Image', 'Owner', 'Thing']);
    const thing = doc.components.schemas.Thing as Record<string, any>;
    expect(thing.properties.id).toEqual({ type: 'integer', description: 'ID' });
    expect(thing.properties.image.oneOf[0]).toEqual({ $ref: '#/components/schemas/Image' });
    expect(thing.properties.owners.items).toEqual({ $ref: '#/components/schemas/Owner' });
    expect(doc.components.schemas.Image).toEqual({ type: 'object', properties: { url: { type: 'string' } } });
  });
});
