import { MlConfigXml } from './ml-config.xml';

describe('MlConfigXml', () => {
  const xml = new MlConfigXml();

  it('accepts a valid config', async () => {
    const content = `<wpml-config>
  <custom-types><custom-type translate="0">cal_venue</custom-type><custom-type translate="1">page</custom-type></custom-types>
  <taxonomies><taxonomy translate="0">post_tag</taxonomy></taxonomies>
  <custom-fields><custom-field action="copy">_price</custom-field><custom-field action="translate" style="line">subtitle</custom-field></custom-fields>
  <shortcodes><shortcode><tag>button</tag><attributes><attribute>label</attribute></attributes></shortcode></shortcodes>
</wpml-config>`;
    await expect(xml.validate(content)).resolves.toEqual([]);
    await expect(xml.rules(content)).resolves.toEqual({
      types: { cal_venue: false, page: true },
      taxonomies: { post_tag: false },
      fields: { _price: 'copy', subtitle: 'translate' },
      termFields: {},
    });
  });

  it('reports schema errors with libxml codes', async () => {
    const errors = await xml.validate(
      '<wpml-config>\n<custom-types><custom-type translate="2">x</custom-type></custom-types>\n<bogus/></wpml-config>',
    );
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toEqual(expect.objectContaining({ level: 2, line: 2, file: '' }));
  });

  it('reports malformed XML as fatal', async () => {
    const errors = await xml.validate('<wpml-config><custom-types></wpml-config>');
    expect(errors[0].level).toBe(3);
  });
});
