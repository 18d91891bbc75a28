import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../../platform/config';

export class ImportServiceError extends Error {}

/**
 * The import service's API as the site calls it (TEC's `Aggregator\API`): create an import, then ask it to
 * deliver the batches to our callback routes. Every call has a time limit.
 */
@Injectable()
export class ImportServiceClient {
  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

  get configured(): boolean {
    return !!this.config.eaServiceUrl;
  }

  /** `POST import`: returns the service's import ID. */
  async createImport(input: { origin: string; source: string; type: string }): Promise<string> {
    const body = await this.post('import', { ...input, key: this.config.eaServiceKey ?? '' });
    const id = (body as { data?: { import_id?: unknown } }).data?.import_id;
    if (typeof id !== 'string' || !/^\w+$/.test(id))
      throw new ImportServiceError('the import service returned no import_id');
    return id;
  }

  /** `POST import/{id}/deliver/`: start pushing batches (TEC's `Batch_Queue::start`). */
  async deliver(
    importId: string,
    input: { nextImportHash: string; api: string; batchSize: number; batchInterval: number },
  ) {
    await this.post(`import/${encodeURIComponent(importId)}/deliver/`, {
      batch_size: input.batchSize,
      batch_interval: input.batchInterval,
      tec_version: '6.0.8',
      next_import_hash: input.nextImportHash,
      api: input.api,
      key: this.config.eaServiceKey ?? '',
    });
  }

  private async post(path: string, payload: Record<string, unknown>): Promise<unknown> {
    const base = this.config.eaServiceUrl;
    if (!base) throw new ImportServiceError('EA_SERVICE_URL is not set');
    let response: Response;
    try {
      response = await fetch(`${base.replace(/\/+$/, '')}/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(this.config.eaTimeoutMs),
      });
    } catch (error) {
      throw new ImportServiceError(`import service unreachable: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok) throw new ImportServiceError(`import service answered ${response.status}`);
    try {
      return text ? (JSON.parse(text) as unknown) : {};
    } catch {
      throw new ImportServiceError('import service answered no JSON');
    }
  }
}
