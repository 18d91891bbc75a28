import { EDITABLE, Permissions, READABLE, RestCall, RestController, RestRoute } from '../../../platform/rest';
import { MANAGE_OPTIONS } from '../shared/bulk';
import { ExportFormat, ExportModule, ImportExportService } from './import-export.service';

const ADMIN = Permissions.capability(MANAGE_OPTIONS);

/** `redirection/v1/import/…` and `redirection/v1/export/…` (api-import.php, api-export.php). */
@RestController('redirection/v1')
export class ImportExportController {
  constructor(private readonly io: ImportExportService) {}

  @RestRoute('/import/file/(?P<group_id>[\\w-]+)', { methods: EDITABLE, permission: ADMIN })
  async importFile(call: RestCall) {
    const groupParam = call.path.split('/').pop() ?? '';
    return { imported: await this.io.importFile(call.user, groupParam, call.files.file) };
  }

  /** Importers of other redirect plugins: none of their data exists in this service, so there is none to offer. */
  @RestRoute('/import/plugin', { methods: READABLE, permission: ADMIN })
  importers() {
    return { importers: [] };
  }

  @RestRoute('/import/plugin', { methods: EDITABLE, permission: ADMIN })
  importPlugins() {
    return { imported: 0 };
  }

  @RestRoute('/export/(?P<module>1|2|3|all)/(?P<format>csv|apache|nginx|json)', {
    methods: READABLE,
    permission: ADMIN,
  })
  export(call: RestCall) {
    const [module, format] = call.path.split('/').slice(-2) as [ExportModule, ExportFormat];
    return this.io.export(call.user, module, format);
  }
}
