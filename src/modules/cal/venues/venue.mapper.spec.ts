import { deriveStateProvince, toVenueObject } from './venue.mapper';
import { VenueEntity } from './venue.entity';

const urls = { site: (path = '/') => `http://example.test${path}` };

function venue(overrides: Partial<VenueEntity> = {}): VenueEntity {
  return Object.assign(new VenueEntity(), {
    id: 9,
    authorId: 0,
    status: 'publish',
    slug: 'hall',
    title: 'Hall',
    description: '',
    password: '',
    date: '2020-01-01 10:00:00',
    dateGmt: '2020-01-01 09:00:00',
    modified: '2020-01-01 10:00:00',
    modifiedGmt: '2020-01-01 09:00:00',
    imageId: null,
    language: 'en',
    trashedStatus: null,
    address: '',
    city: 'Oslo',
    country: '',
    province: '',
    state: '',
    stateprovince: '',
    zip: '',
    phone: '',
    website: '',
    showMap: true,
    showMapLink: false,
    geoLat: null,
    geoLng: null,
    ...overrides,
  });
}

describe('toVenueObject', () => {
  it('drops empty values, then appends the map flags and global ids', () => {
    expect(toVenueObject(venue(), { urls })).toEqual({
      id: 9,
      status: 'publish',
      date: '2020-01-01 10:00:00',
      date_utc: '2020-01-01 09:00:00',
      modified: '2020-01-01 10:00:00',
      modified_utc: '2020-01-01 09:00:00',
      url: 'http://example.test/venue/hall/',
      venue: 'Hall',
      slug: 'hall',
      city: 'Oslo',
      show_map: true,
      show_map_link: false,
      global_id: 'example.test?id=9',
      global_id_lineage: ['example.test?id=9'],
    });
  });

  it('shows coordinates only when both are set, and json_ld in single context', () => {
    expect(toVenueObject(venue({ geoLat: 59.9 }), { urls })).not.toHaveProperty('geo_lat');
    const single = toVenueObject(venue({ geoLat: 59.9, geoLng: 10.7 }), { urls, single: true });
    expect(single).toMatchObject({ geo_lat: 59.9, geo_lng: 10.7 });
    expect(single.json_ld).toMatchObject({ '@type': 'Place', geo: { latitude: 59.9, longitude: 10.7 } });
  });
});

describe('deriveStateProvince', () => {
  it('uses the state for US addresses and the province elsewhere', () => {
    expect(deriveStateProvince('', 'NY', 'P')).toBe('NY');
    expect(deriveStateProvince('United States', 'NY', 'P')).toBe('NY');
    expect(deriveStateProvince('Canada', 'X', 'Ontario')).toBe('Ontario');
  });
});
