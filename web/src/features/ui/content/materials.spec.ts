import { expect } from 'chai';
import { entryProperties, materialsFromEntries } from './materials.js';

const prop = (key: string, value: unknown, kind = 'TEXT') => ({ property_i18n: key, defaultValue: value, dataType: 'STRING', formEntityType: kind });

describe('CMS page materials convention', () => {
  it('flattens template parts, including grouped arrays', () => {
    const entry = { template: [prop('title', 'Hello'), [prop('body', '<p>x</p>', 'EDITOR'), prop('order', 2)], 'junk'] };
    expect(entryProperties(entry)).to.deep.equal({ title: 'Hello', body: '<p>x</p>', order: 2 });
    expect(entryProperties(null)).to.deep.equal({});
  });

  it('reads title, description, body and order, sorts by order then creation, and skips empty or foreign entries', () => {
    const list = [
      { _id: 'b', entry_type: 'MATERIAL', createdAt: '2026-01-02', template: [prop('title', 'Second'), prop('order', 2)] },
      { _id: 'a', entry_type: 'MATERIAL', createdAt: '2026-01-01', template: [prop('title', 'First'), prop('description', 'Intro'), prop('body', '<p>Body</p>', 'EDITOR'), prop('order', '1')] },
      { _id: 'c', entry_type: 'MATERIAL', template: [prop('description', 'No title or body')] },
      { _id: 'd', entry_type: 'TEMPLATE', template: [prop('title', 'A template')] },
      { _id: 'e', entry_type: 'MATERIAL', locale: 'ru', template: [prop('title', 'Русский')] },
      { _id: 'f', entry_type: 'MATERIAL', createdAt: '2026-01-03', template: [prop('body', '<p>No order</p>', 'EDITOR')] },
    ];
    const out = materialsFromEntries(list, 'en');
    expect(out.map((m) => m.id)).to.deep.equal(['a', 'b', 'f']);
    expect(out[0]).to.deep.equal({ id: 'a', title: 'First', description: 'Intro', bodyHtml: '<p>Body</p>', order: 1 });
    expect(materialsFromEntries(list, 'ru').map((m) => m.id)).to.include('e');
    expect(materialsFromEntries('nope')).to.deep.equal([]);
  });
});
