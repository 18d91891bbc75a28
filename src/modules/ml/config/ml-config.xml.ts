import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** One diagnostic as PHP's libxml_get_errors() lists it (level 1 warning, 2 error, 3 fatal). */
export interface LibxmlError {
  level: number;
  code: number;
  column: number;
  message: string;
  file: string;
  line: number;
}

export type CustomFieldAction = 'translate' | 'copy' | 'copy-once' | 'ignore';

/** What a config says about translation: `translate="0|1"` per type/taxonomy, the action per meta key. */
export interface MlConfigRules {
  types: Record<string, boolean>;
  taxonomies: Record<string, boolean>;
  fields: Record<string, CustomFieldAction>;
  termFields: Record<string, CustomFieldAction>;
}

export const EMPTY_RULES: MlConfigRules = { types: {}, taxonomies: {}, fields: {}, termFields: {} };

/** The schema file, next to this module in the sources and in the build (`nest-cli.json` copies it). */
export const ML_CONFIG_XSD = join(__dirname, 'ml-config.xsd');

/**
 * Runs in a worker thread: libxml2 (WebAssembly) is an ES module with top-level await, which the CommonJS build
 * cannot require. The worker also bounds the time of one validation (it is terminated on a time limit).
 *
 * libxml2-wasm's error details lack libxml2's numeric `code`; the xmlError struct keeps it at offset 4, and the
 * library's own struct reader for `line` (offset 20) reads it at `err - 16`. The reader for `col` is wrapped to
 * record it: the collector calls `col` once per error, in order.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const lib = await import(workerData.libUrl);
  const codes = [];
  try {
    const internal = await import(workerData.internalUrl);
    const S = internal.XmlErrorStruct;
    const col = S.col;
    const line = S.line;
    S.col = (err) => { try { codes.push(line(err - 16)); } catch { codes.push(0); } return col(err); };
  } catch {}
  const toErrors = (details) => (details || []).map((d, i) => ({
    level: d.level, code: details.length === codes.length ? codes[i] : 0, column: d.col,
    message: d.message, file: d.file || '', line: d.line,
  }));
  const parse = (content) => {
    codes.length = 0;
    try { return { doc: lib.XmlDocument.fromString(content) }; }
    catch (e) { return { errors: e && e.details ? toErrors(e.details) : [{ level: 3, code: 0, column: 0, message: String(e && e.message || e), file: '', line: 0 }] }; }
  };
  const { op, content, xsd } = workerData;
  const parsed = parse(content);
  if (parsed.errors) return parentPort.postMessage({ errors: parsed.errors });
  const doc = parsed.doc;
  if (op === 'validate') {
    const schemaDoc = lib.XmlDocument.fromString(xsd);
    const validator = lib.XsdValidator.fromDoc(schemaDoc);
    codes.length = 0;
    try { validator.validate(doc); parentPort.postMessage({ errors: [] }); }
    catch (e) { parentPort.postMessage({ errors: e && e.details ? toErrors(e.details) : [] }); }
    validator.dispose(); schemaDoc.dispose(); doc.dispose();
    return;
  }
  const pairs = (path, attr) => doc.find(path).map((n) => {
    const a = n.attr(attr);
    return [n.content.trim(), a ? a.value : ''];
  });
  parentPort.postMessage({ rules: {
    types: pairs('/*/custom-types/custom-type', 'translate'),
    taxonomies: pairs('/*/taxonomies/taxonomy', 'translate'),
    fields: pairs('/*/custom-fields/custom-field', 'action'),
    termFields: pairs('/*/custom-term-fields/custom-term-field', 'action'),
  } });
  doc.dispose();
})().catch((e) => parentPort.postMessage({ failure: String(e && e.message || e) }));
`;

interface WorkerAnswer {
  errors?: LibxmlError[];
  rules?: Record<keyof MlConfigRules, Array<[string, string]>>;
  failure?: string;
}

const ACTIONS: readonly string[] = ['translate', 'copy', 'copy-once', 'ignore'];

/** XML Schema validation and reading of ml-config.xml, with libxml2 in a worker thread. */
export class MlConfigXml {
  private xsd?: string;

  constructor(
    private readonly timeoutMs = 5000,
    private readonly schemaPath = ML_CONFIG_XSD,
  ) {}

  /** libxml's diagnostics for `content` against the schema; `[]` when valid. */
  async validate(content: string): Promise<LibxmlError[]> {
    const answer = await this.run('validate', content);
    return answer.errors ?? [];
  }

  /**
   * The translation rules of a config. A document that does not parse yields no rules (the saved text stays as
   * given, as WordPress stores the option whatever it holds).
   */
  async rules(content: string): Promise<MlConfigRules> {
    if (!/\w/.test(content)) return EMPTY_RULES;
    const answer = await this.run('rules', content);
    if (!answer.rules) return EMPTY_RULES;
    const flags = (pairs: Array<[string, string]>) =>
      Object.fromEntries(pairs.filter(([name]) => name !== '').map(([name, value]) => [name, value !== '0']));
    const actions = (pairs: Array<[string, string]>) =>
      Object.fromEntries(
        pairs
          .filter(([name, action]) => name !== '' && ACTIONS.includes(action))
          .map(([name, action]) => [name, action as CustomFieldAction]),
      );
    return {
      types: flags(answer.rules.types),
      taxonomies: flags(answer.rules.taxonomies),
      fields: actions(answer.rules.fields),
      termFields: actions(answer.rules.termFields),
    };
  }

  private run(op: 'validate' | 'rules', content: string): Promise<WorkerAnswer> {
    const libPath = require.resolve('libxml2-wasm');
    const workerData = {
      op,
      content,
      xsd: op === 'validate' ? this.schema() : '',
      libUrl: pathToFileURL(libPath).href,
      internalUrl: pathToFileURL(join(libPath, '..', 'libxml2.mjs')).href,
    };
    return new Promise<WorkerAnswer>((resolve, reject) => {
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData });
      const timer = setTimeout(() => {
        void worker.terminate();
        reject(new Error(`XML processing exceeded ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        void worker.terminate();
      };
      worker.once('message', (answer: WorkerAnswer) => {
        finish();
        if (answer.failure) reject(new Error(answer.failure));
        else resolve(answer);
      });
      worker.once('error', (error) => {
        finish();
        reject(error);
      });
    });
  }

  private schema(): string {
    this.xsd ??= readFileSync(this.schemaPath, 'utf8');
    return this.xsd;
  }
}
