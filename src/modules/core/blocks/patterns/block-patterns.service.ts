import { Injectable } from '@nestjs/common';
import { forbidden, RestError, RestUser } from '../../../../platform/rest';
import { ObjectTypesService } from '../../object-types';
import {
  BLOCK_PATTERN_CATEGORIES,
  BLOCK_PATTERNS,
  BlockPattern,
  BlockPatternCategory,
} from './pattern-registry';

/** The registered block patterns and their categories, for users who can edit some post type. */
@Injectable()
export class BlockPatternsService {
  constructor(private readonly objectTypes: ObjectTypesService) {}

  canList(user: RestUser | null, what: 'patterns' | 'pattern categories'): true | RestError {
    if (user?.can('edit_posts') || this.objectTypes.canEditAnyType(user)) return true;
    return forbidden(
      'rest_cannot_view',
      `Sorry, you are not allowed to view the registered block ${what}.`,
      user !== null,
    );
  }

  patterns(): readonly BlockPattern[] {
    return BLOCK_PATTERNS;
  }

  categories(): readonly BlockPatternCategory[] {
    return BLOCK_PATTERN_CATEGORIES;
  }
}
