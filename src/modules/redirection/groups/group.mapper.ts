import { MODULE_NAMES } from '../settings/settings.types';
import type { RedirectGroupEntity } from './group.entity';

export interface GroupView {
  group: RedirectGroupEntity;
  redirects: number;
}

/** `Red_Group::to_json`; list items also carry `default` for the group new redirects go to. */
export function toGroupJson(view: GroupView, defaultGroupId?: number): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: view.group.id,
    name: view.group.name,
    redirects: view.redirects,
    module_id: view.group.moduleId,
    moduleName: MODULE_NAMES[view.group.moduleId] ?? '',
    enabled: view.group.status === 'enabled',
  };
  if (defaultGroupId !== undefined && view.group.id === defaultGroupId) json.default = true;
  return json;
}
