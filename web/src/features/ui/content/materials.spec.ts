import { expect } from 'chai';
import { addedSections, entryProperties } from './materials.js';

const prop = (key: string, value: unknown, kind = 'TEXT') => ({ property_i18n: key, defaultValue: value, dataType: 'STRING', formEntityType: kind });

describe('CMS materials convention', () => {
  it('flattens template parts, including grouped arrays', () => {
    const entry = { template: [prop('title', 'Hello'), [prop('body', '<p>x</p>', 'EDITOR'), prop('order', 2)], 'junk'] };
    expect(entryProperties(entry)).to.deep.equal({ title: 'Hello', body: '<p>x</p>', order: 2 });
    expect(entryProperties(null)).to.deep.equal({});
  });

  it('reads the sections the server added after a page’s own, and nothing that is not one', () => {
    const section = { id: 'm1', title: 'From the CMS', description: '', bodyHtml: '<p>Body</p>' };
    expect(addedSections({ hero: {}, cmsSections: [section, { id: 'm2', title: 'No body' }, 'junk'] })).to.deep.equal([section]);
    expect(addedSections({ hero: {} })).to.deep.equal([]);
    expect(addedSections(null)).to.deep.equal([]);
  });
});
