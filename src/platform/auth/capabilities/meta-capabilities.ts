import type { RestUser } from '../../rest';
import type { TypeCapabilities } from './roles';

/** What a meta-capability check needs to know about a post-like object. */
export interface OwnedObject {
  authorId: number;
  /** For a trashed object, the status it had before (map_meta_cap's `_wp_trash_meta_status`). */
  status: string;
  /** In the trash: never public, even when `status` (the pre-trash status) is `publish`. */
  trashed?: boolean;
}

/** The meta-capability view of a row: a trashed one counts with its pre-trash status and is never public. */
export function ownedObject(authorId: number, status: string, statusBeforeTrash: string | null): OwnedObject {
  const trashed = status === 'trash';
  return { authorId, status: trashed ? (statusBeforeTrash ?? 'draft') : status, trashed };
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
  if (object.status === 'publish' && !object.trashed) return true;
  if (!user) return false;
  if (object.authorId === user.id) return true;
  if (object.status === 'private' && !object.trashed) return user.can(caps.readPrivate);
  return canEditObject(user, object, caps);
}
