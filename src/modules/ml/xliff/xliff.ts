import { createHash } from 'node:crypto';
import { DOMImplementation, DOMParser, XMLSerializer } from '@xmldom/xmldom';

/** XLIFF 1.2 as WPML writes it (`class-wpml-tm-xliff-writer.php`), built and read through a DOM. */
export const XLIFF_NS = 'urn:oasis:names:tc:xliff:document:1.2';
export const TOOL_NS = 'https://cdn.wpml.org/xliff/custom-attributes.xsd';

export interface XliffUnit {
  /** WPML's field id (`title`, `body`, `excerpt`, `field-<key>`, `t_<id>`), also the `resname`. */
  id: string;
  source: string;
  /** The existing translation, or the source copied in when there is none (as WPML does). */
  target: string;
}

export interface XliffJob {
  jobId: number;
  originalId: number;
  sourceLanguage: string;
  targetLanguage: string;
  /** The original's post type, for the header's phase note. */
  postType: string;
  /** The original's permalink (`<reference><external-file>`), or null. */
  originalUrl: string | null;
  sender?: { id: number; username: string; email?: string; displayName: string };
  units: XliffUnit[];
}

export interface ParsedXliff {
  /** `file@original`: `<jobId>-<md5(jobId + originalId)>`. */
  original: string;
  sourceLanguage: string;
  targetLanguage: string;
  units: Array<{ id: string; source: string | null; target: string }>;
}

export class XliffError extends Error {}

/** WPML's `file@original`: the job ID and a hash binding it to the original document. */
export function fileOriginal(jobId: number, originalId: number): string {
  return `${jobId}-${createHash('md5').update(`${jobId}${originalId}`).digest('hex')}`;
}

/** XML 1.0 forbids most control characters; WPML strips them too. */
function stripControl(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0x20 || code === 0x9 || code === 0xa || code === 0xd) out += char;
  }
  return out;
}

function wordCount(units: XliffUnit[]): number {
  return units.reduce(
    (sum, unit) => sum + (unit.source.trim() === '' ? 0 : unit.source.trim().split(/\s+/).length),
    0,
  );
}

/** The XLIFF document of a job. */
export function buildXliff(job: XliffJob): string {
  const doc = new DOMImplementation().createDocument(XLIFF_NS, 'xliff', null);
  const root = doc.documentElement!;
  root.setAttribute('version', '1.2');
  root.setAttributeNS('http://www.w3.org/2000/xmlns/', 'xmlns:tool', TOOL_NS);
  const el = (name: string, parent: import('@xmldom/xmldom').Element) => {
    const child = doc.createElementNS(XLIFF_NS, name);
    parent.appendChild(child);
    return child;
  };
  const cdata = (parent: import('@xmldom/xmldom').Element, text: string) => {
    // "]]>" cannot sit inside one CDATA section: it is split across two.
    const parts = stripControl(text).split(']]>');
    parts.forEach((part, index) => {
      const head = index > 0 ? '>' : '';
      const tail = index < parts.length - 1 ? ']]' : '';
      parent.appendChild(doc.createCDATASection(`${head}${part}${tail}`));
    });
  };
  const file = el('file', root);
  file.setAttribute('original', fileOriginal(job.jobId, job.originalId));
  file.setAttribute('source-language', job.sourceLanguage);
  file.setAttribute('target-language', job.targetLanguage);
  if (job.sender) {
    file.setAttributeNS(TOOL_NS, 'tool:sender-id', String(job.sender.id));
    file.setAttributeNS(TOOL_NS, 'tool:sender-username', job.sender.username);
    if (job.sender.email !== undefined) file.setAttributeNS(TOOL_NS, 'tool:sender-email', job.sender.email);
    file.setAttributeNS(TOOL_NS, 'tool:sender-display-name', job.sender.displayName);
  }
  file.setAttributeNS(TOOL_NS, 'tool:wpml-words-to-translate-count', String(wordCount(job.units)));
  file.setAttribute('datatype', 'plaintext');
  const header = el('header', file);
  const phase = el('phase', el('phase-group', header));
  phase.setAttribute('phase-name', 'post_type');
  phase.setAttribute('process-name', 'Post type');
  el('note', phase).appendChild(doc.createTextNode(job.postType));
  if (job.originalUrl) el('external-file', el('reference', header)).setAttribute('href', job.originalUrl);
  const body = el('body', file);
  for (const unit of job.units) {
    const tu = el('trans-unit', body);
    tu.setAttribute('resname', unit.id);
    tu.setAttribute('restype', 'string');
    tu.setAttribute('datatype', 'html');
    tu.setAttribute('id', unit.id);
    cdata(el('source', tu), unit.source);
    cdata(el('target', tu), unit.target);
  }
  return `<?xml version="1.0" encoding="utf-8" standalone="no"?>\n${new XMLSerializer().serializeToString(doc)}`;
}

type Node = import('@xmldom/xmldom').Node;
type Element = import('@xmldom/xmldom').Element;

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/**
 * The text of a `<source>`/`<target>`: CDATA and text as they are (entities decoded by the parser), markup that a
 * tool left inside the unit as HTML again; WPML's `<br class="xliff-newline"/>` is a newline.
 */
function contentOf(node: Node): string {
  let out = '';
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === child.TEXT_NODE || child.nodeType === child.CDATA_SECTION_NODE)
      out += child.nodeValue ?? '';
    else if (child.nodeType === child.ELEMENT_NODE) {
      const element = child as Element;
      const name = element.localName ?? element.nodeName;
      if (name === 'br' && element.getAttribute('class') === 'xliff-newline') {
        out += '\n';
        continue;
      }
      let attrs = '';
      for (let i = 0; i < element.attributes.length; i++) {
        const attr = element.attributes.item(i)!;
        if (attr.name === 'xmlns' || attr.name.startsWith('xmlns:')) continue;
        attrs += ` ${attr.name}="${escapeAttr(attr.value)}"`;
      }
      out += element.firstChild ? `<${name}${attrs}>${contentOf(element)}</${name}>` : `<${name}${attrs} />`;
    } else if (child.nodeType === child.ENTITY_REFERENCE_NODE) out += contentOf(child);
  }
  return out;
}

function childrenNamed(parent: Element, name: string): Element[] {
  const found: Element[] = [];
  for (let child = parent.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === child.ELEMENT_NODE && ((child as Element).localName ?? child.nodeName) === name)
      found.push(child as Element);
  }
  return found;
}

/** The trans-units of a body, in document order, through nested groups. */
function unitsIn(parent: Element): Element[] {
  const found: Element[] = [];
  for (let child = parent.firstChild; child; child = child.nextSibling) {
    if (child.nodeType !== child.ELEMENT_NODE) continue;
    const name = (child as Element).localName ?? child.nodeName;
    if (name === 'trans-unit') found.push(child as Element);
    else if (name === 'group') found.push(...unitsIn(child as Element));
  }
  return found;
}

/** Reads a (translated) XLIFF 1.x document; a malformed or foreign document is an {@link XliffError}. */
export function parseXliff(xml: string): ParsedXliff {
  if (xml.trim() === '') throw new XliffError('The XLIFF file is empty.');
  let doc;
  try {
    doc = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning')
          throw new XliffError(`The XLIFF file is not well-formed XML: ${message.trim()}`);
      },
    }).parseFromString(xml, 'text/xml');
  } catch (error) {
    if (error instanceof XliffError) throw error;
    throw new XliffError(`The XLIFF file is not well-formed XML: ${(error as Error).message.split('\n')[0]}`);
  }
  const root = doc.documentElement;
  if (!root || (root.localName ?? root.nodeName) !== 'xliff')
    throw new XliffError('The document is not an XLIFF file.');
  const version = root.getAttribute('version');
  if (version !== '1.2' && version !== '1.0')
    throw new XliffError(`XLIFF version "${version ?? ''}" is not supported.`);
  const files = childrenNamed(root, 'file');
  if (files.length !== 1) throw new XliffError('The XLIFF file must hold exactly one <file>.');
  const file = files[0];
  const [body] = childrenNamed(file, 'body');
  if (!body) throw new XliffError('The XLIFF <file> has no <body>.');
  const units: ParsedXliff['units'] = [];
  const seen = new Set<string>();
  const transUnits = unitsIn(body);
  for (const unit of transUnits) {
    const id = unit.getAttribute('id') || unit.getAttribute('resname') || '';
    if (id === '') throw new XliffError('A <trans-unit> has no id.');
    if (seen.has(id)) throw new XliffError(`The <trans-unit> "${id}" appears twice.`);
    seen.add(id);
    const [target] = childrenNamed(unit, 'target');
    if (!target) throw new XliffError(`The <trans-unit> "${id}" has no <target>.`);
    const [source] = childrenNamed(unit, 'source');
    units.push({ id, source: source ? contentOf(source) : null, target: contentOf(target) });
  }
  return {
    original: file.getAttribute('original') ?? '',
    sourceLanguage: file.getAttribute('source-language') ?? '',
    targetLanguage: file.getAttribute('target-language') ?? '',
    units,
  };
}
