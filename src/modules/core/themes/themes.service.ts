import { Injectable } from '@nestjs/common';
import type { RestError, RestUser } from '../../../platform/rest';
import { ObjectTypesService } from '../object-types';
import { INSTALLED_THEMES, SITE_THEME, ThemeDefinition } from './site-theme';
import { ThemesErrors } from './themes.errors';

type User = RestUser | null;
export type ThemeStatus = 'active' | 'inactive';

/** The installed themes and who may see them, as WordPress's themes controller decides. */
@Injectable()
export class ThemesService {
  constructor(private readonly objectTypes: ObjectTypesService) {}

  active(): ThemeDefinition {
    return SITE_THEME;
  }

  statusOf(theme: ThemeDefinition): ThemeStatus {
    return theme.stylesheet === this.active().stylesheet ? 'active' : 'inactive';
  }

  /** Users who can switch themes see every theme; those who can edit some post type may ask for the active one. */
  canList(user: User, status: ThemeStatus[] | undefined): true | RestError {
    if (user?.can('switch_themes')) return true;
    if (status?.length === 1 && status[0] === 'active') return this.canReadActive(user);
    return ThemesErrors.cannotViewThemes(user !== null);
  }

  canRead(user: User, stylesheet: string): true | RestError {
    if (user?.can('switch_themes')) return true;
    if (stylesheet === this.active().stylesheet) return this.canReadActive(user);
    return ThemesErrors.cannotViewThemes(user !== null);
  }

  list(status: ThemeStatus[] | undefined): ThemeDefinition[] {
    if (status?.length === 1 && status[0] === 'active') return [this.active()];
    return INSTALLED_THEMES.filter((theme) => !status || status.includes(this.statusOf(theme)));
  }

  get(stylesheet: string): ThemeDefinition {
    const theme = INSTALLED_THEMES.find((candidate) => candidate.stylesheet === stylesheet);
    if (!theme) throw ThemesErrors.notFound();
    return theme;
  }

  private canReadActive(user: User): true | RestError {
    if (user?.can('edit_posts') || this.objectTypes.canEditAnyType(user)) return true;
    return ThemesErrors.cannotViewActiveTheme(user !== null);
  }
}
