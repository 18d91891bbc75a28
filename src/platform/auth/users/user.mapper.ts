import { createHash } from 'node:crypto';
import { JsonSchema, LinkSet, RestUrls } from '../../rest';
import { isRole, ROLE_CAPABILITIES } from '../capabilities';
import type { UserEntity } from './user.entity';

const VIEW_EDIT_EMBED = ['view', 'edit', 'embed'] as const;
const EDIT = ['edit'] as const;

/** The user resource schema; `context` per field drives what each context shows. */
export function userSchema(): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-04/schema#',
    title: 'user',
    type: 'object',
    properties: {
      id: {
        description: 'Unique identifier for the user.',
        type: 'integer',
        context: VIEW_EDIT_EMBED,
        readonly: true,
      },
      username: { description: 'Login name for the user.', type: 'string', context: EDIT },
      name: { description: 'Display name for the user.', type: 'string', context: VIEW_EDIT_EMBED },
      first_name: { description: 'First name for the user.', type: 'string', context: EDIT },
      last_name: { description: 'Last name for the user.', type: 'string', context: EDIT },
      email: {
        description: 'The email address for the user.',
        type: 'string',
        format: 'email',
        context: EDIT,
      },
      url: { description: 'URL of the user.', type: 'string', format: 'uri', context: VIEW_EDIT_EMBED },
      description: { description: 'Description of the user.', type: 'string', context: VIEW_EDIT_EMBED },
      link: {
        description: 'Author URL of the user.',
        type: 'string',
        format: 'uri',
        context: VIEW_EDIT_EMBED,
        readonly: true,
      },
      locale: {
        description: 'Locale for the user.',
        type: 'string',
        enum: ['', 'en_US', 'nb_NO'],
        context: EDIT,
      },
      nickname: { description: 'The nickname for the user.', type: 'string', context: EDIT },
      slug: {
        description: 'An alphanumeric identifier for the user.',
        type: 'string',
        context: VIEW_EDIT_EMBED,
      },
      registered_date: {
        description: 'Registration date for the user.',
        type: 'string',
        format: 'date-time',
        context: EDIT,
        readonly: true,
      },
      roles: {
        description: 'Roles assigned to the user.',
        type: 'array',
        items: { type: 'string' },
        context: EDIT,
      },
      password: { description: 'Password for the user (never included).', type: 'string', context: [] },
      capabilities: {
        description: 'All capabilities assigned to the user.',
        type: 'object',
        context: EDIT,
        readonly: true,
      },
      extra_capabilities: {
        description: 'Any extra capabilities assigned to the user.',
        type: 'object',
        context: EDIT,
        readonly: true,
      },
      avatar_urls: {
        description: 'Avatar URLs for the user.',
        type: 'object',
        context: VIEW_EDIT_EMBED,
        readonly: true,
      },
      meta: { description: 'Meta fields.', type: 'object', context: ['view', 'edit'] },
    },
  };
}

/** MD5 of recent e-mail addresses (a user answer asks for its avatars on every request); cleared when full. */
const avatarHashes = new Map<string, string>();
const MAX_AVATAR_HASHES = 1000;

function avatarHash(email: string): string {
  let hash = avatarHashes.get(email);
  if (hash === undefined) {
    hash = createHash('md5').update(email.trim().toLowerCase()).digest('hex');
    if (avatarHashes.size >= MAX_AVATAR_HASHES) avatarHashes.clear();
    avatarHashes.set(email, hash);
  }
  return hash;
}

/** Gravatar URLs at WordPress's REST sizes (24, 48, 96) for an e-mail address. */
export function avatarUrls(email: string): Record<string, string> {
  const hash = avatarHash(email);
  return {
    '24': `https://secure.gravatar.com/avatar/${hash}?s=24&d=mm&r=g`,
    '48': `https://secure.gravatar.com/avatar/${hash}?s=48&d=mm&r=g`,
    '96': `https://secure.gravatar.com/avatar/${hash}?s=96&d=mm&r=g`,
  };
}

/** Entity to wire object with every field; the REST layer keeps the ones of the requested context. */
export function toUserResponse(
  user: UserEntity,
  urls: RestUrls,
  context: 'view' | 'edit' | 'embed' = 'view',
): Record<string, unknown> {
  // Capabilities show in the edit context only: the embed context (an author embedded in each post of a page)
  // leaves them unbuilt, as its filter drops them.
  const capabilities: Record<string, boolean> = {};
  if (context !== 'embed') {
    if (isRole(user.role)) for (const cap of ROLE_CAPABILITIES[user.role]) capabilities[cap] = true;
    capabilities[user.role] = true;
  }
  return {
    id: user.id,
    username: user.login,
    name: user.displayName,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    url: user.url,
    description: user.description ?? '',
    link: urls.site(`/author/${user.slug}/`),
    locale: user.locale || 'en_US',
    nickname: user.nickname,
    slug: user.slug,
    registered_date: user.registeredAt.replace(' ', 'T') + '+00:00',
    roles: [user.role],
    capabilities,
    extra_capabilities: { [user.role]: true },
    avatar_urls: avatarUrls(user.email),
    // Registered user meta: the block editor's preferences (WordPress 6.1), shown in edit context.
    meta: context === 'edit' ? { persisted_preferences: [] } : [],
    _links: new LinkSet()
      .add('self', urls.route(`/core/v2/users/${user.id}`))
      .add('collection', urls.route('/core/v2/users'))
      .toJSON(),
  };
}
