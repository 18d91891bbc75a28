import { LinearRegex } from '../../../platform/common/regex';
import signatureFile from './data/signatures.json';

export interface ContentSignature {
  id: string;
  severity: number;
  description: string;
  pattern: LinearRegex;
}

export interface WafRule {
  id: number;
  description: string;
  pattern: LinearRegex;
}

export interface Signatures {
  version: string;
  trustedHosts: ReadonlySet<string>;
  content: readonly ContentSignature[];
  waf: readonly WafRule[];
  blocklist: readonly string[];
}

/** Patterns run on the linear-time engine: they see request URLs and stored content, both anyone's to craft. */
function compile(source: string, where: string): LinearRegex {
  try {
    return LinearRegex.compile(source, { ignoreCase: true });
  } catch (error) {
    throw new Error(`security signatures: bad pattern in ${where}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/**
 * Reads and compiles the signature file shipped with the service (src/modules/security/scan/data/signatures.json);
 * a broken file stops the start-up with a message naming the entry.
 */
export function loadSignatures(file: typeof signatureFile = signatureFile): Signatures {
  if (typeof file.version !== 'string' || file.version === '')
    throw new Error('security signatures: no version');
  return {
    version: file.version,
    trustedHosts: new Set(file.trustedHosts.map((host) => host.toLowerCase())),
    content: file.content.map((entry) => ({
      id: entry.id,
      severity: entry.severity,
      description: entry.description,
      pattern: compile(entry.pattern, entry.id),
    })),
    waf: file.waf.map((rule) => ({
      id: rule.id,
      description: rule.description,
      pattern: compile(rule.pattern, `waf rule ${rule.id}`),
    })),
    blocklist: file.blocklist,
  };
}

/** The loaded signatures, one instance per application (a provider, not a module-level variable). */
export const SIGNATURES = Symbol('SECURITY_SIGNATURES');
