import type { RestUser } from '../../rest';
import type { TypeCapabilities } from './roles';

/** What a meta-capability check needs to know about a post-like object. */
export interface OwnedObject {
  authorId: number;
  status: string;
}

const PUBLISHED = new Set(['publish', 'future']);

/**
 * WordPress's map_meta_cap for edit_post / delete_post: own objects need the base cap (plus the
 * "published" cap once published), others' objects need the "others" cap too, private ones the "private" cap.
 */
function canChange(
  user: RestUser | null,
  object: OwnedObject,
  caps: TypeCapabilities,
  action: 'edit' | 'delete',
): boolean {
  if (!user) return false;
  const base = action === 'edit' ? caps.edit : caps.delete;
  const others = action === 'edit' ? caps.editOthers : caps.deleteOthers;
  const published = action === 'edit' ? caps.editPublished : caps.deletePublished;
  const privateCap = action === 'edit' ? caps.editPrivate : caps.deletePrivate;
  const required = [base];
  if (object.authorId !== user.id) required.push(others);
  if (PUBLISHED.has(object.status)) required.push(published);
  if (object.status === 'private' && object.authorId !== user.id) required.push(privateCap);
  return required.every((cap) => user.can(cap));
}

export function canEditObject(user: RestUser | null, object: OwnedObject, caps: TypeCapabilities): boolean {
  return canChange(user, object, caps, 'edit');
}

export function canDeleteObject(user: RestUser | null, object: OwnedObject, caps: TypeCapabilities): boolean {
  return canChange(user, object, caps, 'delete');
}

/** read_post: published is public; one's own is readable; others' private needs read_private; the rest needs edit. */
export function canReadObject(user: RestUser | null, object: OwnedObject, caps: TypeCapabilities): boolean {
  if (object.status === 'publish') return true;
  if (!user) return false;
  if (object.authorId === user.id) return true;
  if (object.status === 'private') return user.can(caps.readPrivate);
  return canEditObject(user, object, caps);
}
