import { createHash } from 'node:crypto';
import type { OptionName, OptionValues } from '../../options/option-definitions';

/** A problem a check found, before it is stored as an issue. */
export interface FoundIssue {
  type: string;
  /** 0, 25, 50, 75 or 100. */
  severity: number;
  /** Names the problem's object, stable across scans (the issue's ignoreP is its md5). */
  key: string;
  /** Changes when the flagged thing changes (ignoreC is md5 of key + fingerprint). */
  fingerprint: string;
  shortMsg: string;
  longMsg: string;
  data: Record<string, unknown>;
}

export interface ScanContext {
  readonly options: OptionValues;
  /** Unix time the previous completed scan started; null before the first scan. */
  readonly lastScanStarted: number | null;
  /** Records problems (they become visible when the scan completes). */
  report(issues: FoundIssue[]): Promise<void>;
  /** Stores progress within the current stage (0..1) and stops the scan when it was cancelled. */
  checkpoint(fraction: number): Promise<void>;
}

/** One stage of the scan, switched on by its option. */
export interface ScanCheck {
  readonly stage: string;
  readonly option: OptionName;
  run(context: ScanContext): Promise<void>;
}

export function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
