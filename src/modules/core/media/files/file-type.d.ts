// file-type is ESM-only and declares its types through `exports`, which this project's node10 resolution does
// not read; these are the parts used here (source/index.d.ts of file-type 22).
declare module 'file-type' {
  export interface FileTypeResult {
    readonly ext: string;
    readonly mime: string;
  }
  export function fileTypeFromBuffer(buffer: Uint8Array | ArrayBuffer): Promise<FileTypeResult | undefined>;
}
