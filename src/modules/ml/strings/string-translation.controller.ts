import { NS, Permissions, RestController, RestError, RestRoute, type RestCall } from '../../../platform/rest';
import { ImportMoStringsArgs, SaveStringSettingArgs } from './dto/string-translation-args.dto';
import { MoImportResult, StringTranslationService } from './string-translation.service';

/** WPML's `wpml/st/v1` settings, `.mo` import and `.mo` generation need `manage_options`. */
const canManage = Permissions.capability('manage_options');

/** A setting's group or key: a string (or number) of at most 100 characters. */
function settingName(value: unknown, name: string): string {
  if ((typeof value === 'string' || typeof value === 'number') && String(value).length > 0) {
    const text = String(value);
    if (text.length <= 100) return text;
  }
  throw new RestError('rest_invalid_param', `Invalid parameter(s): ${name}`, 400, {
    params: { [name]: `${name} must be a non-empty string of at most 100 characters.` },
    details: [],
  });
}

/** `ml/st/v1`: string translation. */
@RestController(NS.mlSt)
export class StringTranslationController {
  constructor(private readonly strings: StringTranslationService) {}

  @RestRoute('/import_mo_strings', { methods: ['POST'], args: ImportMoStringsArgs, permission: canManage })
  importMoStrings(call: RestCall<ImportMoStringsArgs>): Promise<MoImportResult> {
    return this.strings.importMoStrings({
      plugins: call.args.plugins ?? [],
      themes: call.args.themes ?? [],
      other: call.args.other ?? [],
    });
  }

  @RestRoute('/pre_generate_mo_files', { methods: ['POST'], permission: canManage })
  preGenerateMoFiles(): Promise<{ remaining: number } | { error: string }> {
    return this.strings.preGenerateMoFiles();
  }

  @RestRoute('/settings', { methods: ['POST'], args: SaveStringSettingArgs, permission: canManage })
  saveSetting(call: RestCall<SaveStringSettingArgs>): Promise<null> {
    const group = settingName(call.args.group, 'group');
    const key = settingName(call.args.key, 'key');
    return this.strings.saveSetting(group, key, call.args.data);
  }
}
