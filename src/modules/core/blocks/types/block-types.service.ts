import { Injectable } from '@nestjs/common';
import type { RestError, RestUser } from '../../../../platform/rest';
import { ObjectTypesService } from '../../object-types';
import { BLOCK_TYPES, BlockType, findBlockType } from './block-type-registry';
import { BlockTypesErrors } from './block-types.errors';

type User = RestUser | null;

/** The registered block types, for users who can edit some post type. */
@Injectable()
export class BlockTypesService {
  constructor(private readonly objectTypes: ObjectTypesService) {}

  canList(user: User): true | RestError {
    if (user?.can('edit_posts') || this.objectTypes.canEditAnyType(user)) return true;
    return BlockTypesErrors.cannotView(user !== null);
  }

  /** WordPress checks the reader, then that the block exists (404), before answering. */
  canRead(user: User, name: string): true | RestError {
    const allowed = this.canList(user);
    if (allowed !== true) return allowed;
    return findBlockType(name) ? true : BlockTypesErrors.invalid();
  }

  list(namespace: string | undefined): BlockType[] {
    return BLOCK_TYPES.filter((block) => !namespace || block.namespace === namespace);
  }

  get(name: string): BlockType {
    const block = findBlockType(name);
    if (!block) throw BlockTypesErrors.invalid();
    return block;
  }
}
