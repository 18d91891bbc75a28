import { fileNameFromDisposition } from './media.controller';

describe('fileNameFromDisposition (WordPress get_filename_from_disposition)', () => {
  it('reads quoted, bare and RFC 5987 names', () => {
    expect(fileNameFromDisposition('attachment; filename="peer-image.png"')).toBe('peer-image.png');
    expect(fileNameFromDisposition('attachment; filename=peer.png')).toBe('peer.png');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%C3%A6rfugl.png")).toBe('ærfugl.png');
    expect(fileNameFromDisposition('form-data; name="file"; filename="x.jpg"')).toBe('x.jpg');
  });

  it('is null without a name', () => {
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition('attachment; filename=""')).toBeNull();
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E0%A4%A")).toBeNull();
  });
});
