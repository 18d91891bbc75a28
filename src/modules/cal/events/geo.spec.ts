import { boundingBox, haversineKm } from './geo';

describe('geo', () => {
  const oslo = { lat: 59.9139, lng: 10.7522 };
  const drammen = { lat: 59.7439, lng: 10.2045 };

  it('computes haversine distances', () => {
    expect(haversineKm(oslo, oslo)).toBe(0);
    expect(haversineKm(oslo, drammen)).toBeGreaterThan(34);
    expect(haversineKm(oslo, drammen)).toBeLessThan(36);
  });

  it('builds a box containing every point within the radius', () => {
    const box = boundingBox(oslo, 40);
    expect(drammen.lat).toBeGreaterThan(box.minLat);
    expect(drammen.lng).toBeGreaterThan(box.minLng);
    expect(box.maxLat - box.minLat).toBeCloseTo(80 / 111.2, 1);
    const east = { lat: oslo.lat, lng: box.maxLng };
    expect(haversineKm(oslo, east)).toBeGreaterThanOrEqual(39.9);
  });

  it('wraps across the antimeridian and opens near the poles', () => {
    const box = boundingBox({ lat: 0, lng: 179.99 }, 10);
    expect(box.minLng).toBeGreaterThan(box.maxLng);
    expect(boundingBox({ lat: 89.99, lng: 0 }, 10)).toMatchObject({ minLng: -180, maxLng: 180 });
  });
});
