import { DateTime } from 'luxon';
import {
  Arg,
  EDITABLE,
  JsonSchema,
  Permissions,
  READABLE,
  RestCall,
  RestController,
  RestError,
  RestRoute,
} from '../../../platform/rest';
import { SETTINGS } from './site-settings';
import { SiteSettingsService } from './site-settings.service';

/** Every setting is an optional argument of the update, declared from the settings table. */
export class UpdateSettingsArgs {
  [name: string]: unknown;
}
for (const [name, setting] of Object.entries(SETTINGS)) {
  const spec =
    name === 'timezone'
      ? {
          ...setting.schema,
          // The service computes every date in this zone: only real IANA zones are accepted.
          validate: (value: unknown) =>
            value === '' || DateTime.now().setZone(String(value)).isValid
              ? true
              : new RestError('rest_invalid_param', 'timezone is not a valid time zone.', 400),
        }
      : setting.schema;
  Arg({ ...spec, nullable: true })(UpdateSettingsArgs.prototype, name);
}

function settingsSchema(): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-04/schema#',
    title: 'settings',
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(SETTINGS).map(([name, { schema }]) => [
        name,
        {
          type: schema.type,
          description: schema.description,
          default: null,
          format: schema.format,
          enum: schema.enum,
        },
      ]),
    ),
  };
}

const canManageOptions = Permissions.capability('manage_options');

/** `core/v2/settings` (administrators). */
@RestController('core/v2')
export class SettingsController {
  constructor(private readonly settings: SiteSettingsService) {}

  @RestRoute('/settings', {
    methods: READABLE,
    permission: canManageOptions,
    schema: settingsSchema,
    nullableFields: true,
  })
  get() {
    return this.settings.all();
  }

  @RestRoute('/settings', {
    methods: EDITABLE,
    args: UpdateSettingsArgs,
    permission: canManageOptions,
    schema: settingsSchema,
  })
  update(call: RestCall<UpdateSettingsArgs>) {
    const changes = Object.fromEntries(
      Object.keys(SETTINGS)
        .filter(call.has)
        .map((name) => [name, call.args[name]]),
    );
    return this.settings.update(changes);
  }
}
