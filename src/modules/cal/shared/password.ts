/**
 * Password-protected calendar objects (TEC `Validator/Base.php`, `Main.php`): fields are blanked unless the
 * caller may edit the object or sent the right password. Keys are replaced only when present, recursively.
 */
export const PROTECTED_BLANKS: Readonly<Record<string, unknown>> = {
  description: '',
  excerpt: '',
  image: false,
  all_day: null,
  cost: '',
  cost_details: { currency_symbol: '', currency_position: '', currency_code: '', values: [] },
  website: '',
  show_map: null,
  show_map_link: null,
  hide_from_listings: null,
  sticky: null,
  featured: null,
  categories: [],
  tags: [],
  venue: [],
  organizer: [],
  custom_fields: [],
  email: '',
  phone: '',
  geo_lat: 0,
  geo_lng: 0,
  stateprovince: '',
  zip: '',
  province: '',
  country: '',
  city: '',
  address: '',
};

/** A copy of `data` with the protected keys blanked, recursing into nested objects and arrays. */
export function blankProtected<T>(data: T): T {
  if (Array.isArray(data)) return data.map((item) => blankProtected(item)) as T;
  if (typeof data !== 'object' || data === null) return data;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (key in PROTECTED_BLANKS) {
      const blank = PROTECTED_BLANKS[key];
      result[key] = typeof blank === 'object' && blank !== null ? structuredClone(blank) : blank;
    } else {
      result[key] = typeof value === 'object' && value !== null ? blankProtected(value) : value;
    }
  }
  return result as T;
}

/** Whether a caller sees protected content: no password, edit rights, or the right password sent. */
export function canSeeProtected(storedPassword: string, canEdit: boolean, givenPassword?: string): boolean {
  return (
    storedPassword === '' || canEdit || (givenPassword !== undefined && givenPassword === storedPassword)
  );
}
