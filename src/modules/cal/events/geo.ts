/**
 * Distance filter of `GET /events?geoloc_lat=..&geoloc_lng=..`: the database narrows candidates with
 * a latitude/longitude bounding box (plain indexed comparisons, same SQL on SQLite and MySQL), then
 * the exact great-circle distance is computed here.
 */

const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE_LATITUDE = (Math.PI * EARTH_RADIUS_KM) / 180;

export interface GeoPoint {
  lat: number;
  lng: number;
}

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  /** When the box crosses the antimeridian, minLng > maxLng (match lng >= minLng OR lng <= maxLng). */
  minLng: number;
  maxLng: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in kilometres. */
export function haversineKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A box that contains every point within `radiusKm` of `center` (a superset; refine with haversineKm). */
export function boundingBox(center: GeoPoint, radiusKm: number): BoundingBox {
  const dLat = radiusKm / KM_PER_DEGREE_LATITUDE;
  const minLat = Math.max(-90, center.lat - dLat);
  const maxLat = Math.min(90, center.lat + dLat);
  // Near a pole every longitude can be within reach.
  if (minLat <= -90 || maxLat >= 90) return { minLat, maxLat, minLng: -180, maxLng: 180 };
  // Widest longitude span is at the box edge closest to the pole.
  const widestLat = Math.max(Math.abs(minLat), Math.abs(maxLat));
  const dLng = radiusKm / (KM_PER_DEGREE_LATITUDE * Math.cos(toRadians(widestLat)));
  if (dLng >= 180) return { minLat, maxLat, minLng: -180, maxLng: 180 };
  const wrap = (lng: number) => (lng > 180 ? lng - 360 : lng < -180 ? lng + 360 : lng);
  return { minLat, maxLat, minLng: wrap(center.lng - dLng), maxLng: wrap(center.lng + dLng) };
}
