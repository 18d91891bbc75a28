import { Injectable } from '@nestjs/common';
import { pickUniqueSlug, slugify, slugSearchPrefix } from '../../../platform/common/slug';
import type { RestError, RestUser } from '../../../platform/rest';
import { ObjectTypesService } from '../object-types';
import { ThemesService } from '../themes';
import { MenuEntity } from './menu.entity';
import { MenusErrors } from './menus.errors';
import { MenuQuery, MenusRepository } from './menus.repository';

type User = RestUser | null;
const CAPABILITY = 'edit_theme_options';

export interface MenuInput {
  name?: string;
  slug?: string;
  description?: string;
  locations?: string[];
  autoAdd?: boolean;
}

export interface MenuView {
  menu: MenuEntity;
  locations: string[];
}

export interface MenuLocationView {
  name: string;
  description: string;
  menuId: number;
}

/** Navigation menus and the theme's menu locations, with WordPress's rules for who may read and change them. */
@Injectable()
export class MenusService {
  constructor(
    private readonly repository: MenusRepository,
    private readonly objectTypes: ObjectTypesService,
    private readonly themes: ThemesService,
  ) {}

  /** Anyone who can edit theme options or some post type reads menus; the edit context needs the taxonomy's cap. */
  canRead(user: User, editContext: boolean): true | RestError {
    if (editContext && !user?.can(CAPABILITY)) return MenusErrors.forbiddenContext(user !== null);
    if (user?.can(CAPABILITY) || user?.can('edit_posts') || this.objectTypes.canEditAnyType(user))
      return true;
    return MenusErrors.cannotView(user !== null);
  }

  /** WordPress loads the menu first (404), then checks the reader. */
  async canReadOne(user: User, id: number, editContext: boolean): Promise<true | RestError> {
    if (!(await this.repository.findById(id))) return MenusErrors.notFound();
    return this.canRead(user, editContext);
  }

  canCreate(user: User): true | RestError {
    return user?.can(CAPABILITY) ? true : MenusErrors.cannotCreate(user !== null);
  }

  async canUpdate(user: User, id: number): Promise<true | RestError> {
    if (!(await this.repository.findById(id))) return MenusErrors.notFound();
    return user?.can(CAPABILITY) ? true : MenusErrors.cannotUpdate(user !== null);
  }

  async canDelete(user: User, id: number): Promise<true | RestError> {
    if (!(await this.repository.findById(id))) return MenusErrors.notFound();
    return user?.can(CAPABILITY) ? true : MenusErrors.cannotDelete(user !== null);
  }

  /** Menus hold no items here, so none is left by `hide_empty` and none belongs to a `post`. */
  async list(
    query: MenuQuery & { hideEmpty: boolean; post?: number },
  ): Promise<{ items: MenuView[]; total: number }> {
    if (query.hideEmpty || query.post !== undefined) return { items: [], total: 0 };
    const { items, total } = await this.repository.list(query);
    return { items: await this.views(items), total };
  }

  async get(id: number): Promise<MenuView> {
    const menu = await this.repository.findById(id);
    if (!menu) throw MenusErrors.notFound();
    return (await this.views([menu]))[0];
  }

  /** `wp_update_nav_menu_object`: a menu name is unique, the slug is made unique from it. */
  async create(input: MenuInput & { name: string }): Promise<MenuView> {
    const existing = await this.repository.findByName(input.name);
    if (existing) throw MenusErrors.exists(input.name, existing.id);
    const menu = new MenuEntity();
    menu.name = input.name;
    menu.description = input.description ?? '';
    menu.slug = await this.uniqueSlug(input.slug || slugify(input.name));
    menu.autoAdd = input.autoAdd ?? false;
    const saved = await this.repository.save(menu);
    if (input.locations) await this.repository.assign(saved.id, input.locations);
    return this.get(saved.id);
  }

  async update(id: number, input: MenuInput): Promise<MenuView> {
    const menu = await this.repository.findById(id);
    if (!menu) throw MenusErrors.notFound();
    if (input.name !== undefined && input.name !== menu.name) {
      const existing = await this.repository.findByName(input.name);
      if (existing && existing.id !== id) throw MenusErrors.exists(input.name, existing.id);
      menu.name = input.name;
    }
    if (input.description !== undefined) menu.description = input.description;
    if (input.slug !== undefined && input.slug !== menu.slug)
      menu.slug = await this.uniqueSlug(input.slug || slugify(menu.name));
    if (input.autoAdd !== undefined) menu.autoAdd = input.autoAdd;
    await this.repository.save(menu);
    if (input.locations) await this.repository.assign(id, input.locations);
    return this.get(id);
  }

  /** Deletes for good (menus have no trash) and answers what was deleted. */
  async delete(id: number): Promise<MenuView> {
    const previous = await this.get(id);
    await this.repository.delete(id);
    return previous;
  }

  canReadLocations(user: User): true | RestError {
    return user?.can(CAPABILITY) ? true : MenusErrors.cannotViewLocations(user !== null);
  }

  /** The theme's locations in registration order, each with its menu (0 when none). */
  async locations(): Promise<MenuLocationView[]> {
    const assigned = await this.repository.assignments();
    return Object.entries(this.themes.active().menuLocations).map(([name, description]) => ({
      name,
      description,
      menuId: assigned.get(name) ?? 0,
    }));
  }

  async location(name: string): Promise<MenuLocationView> {
    const found = (await this.locations()).find((location) => location.name === name);
    if (!found) throw MenusErrors.locationInvalid();
    return found;
  }

  private async views(menus: MenuEntity[]): Promise<MenuView[]> {
    const assigned = await this.repository.assignments();
    const registered = Object.keys(this.themes.active().menuLocations);
    return menus.map((menu) => ({
      menu,
      locations: registered.filter((location) => assigned.get(location) === menu.id),
    }));
  }

  private async uniqueSlug(desired: string): Promise<string> {
    const taken = await this.repository.slugsLike(slugSearchPrefix(desired));
    return pickUniqueSlug(desired, taken, { isReserved: () => false });
  }
}
