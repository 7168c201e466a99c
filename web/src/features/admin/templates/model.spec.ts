import { expect } from 'chai';
import { DATA_TYPES, FORM_CONTROL_KINDS } from '@relaycast/contracts/constants';
import { problemsOf, EntryCreate } from '@relaycast/contracts';
import { entryProperties, materialsFromEntries } from '../../content/materials.js';
import { builderFromTemplate, DEFAULT_TEMPLATE, entryLabel, materialParts, materialValues, newBuilder, templateFields, templateParts, type BuilderState } from './model.js';

describe('form templates and materials (seed §3)', () => {
  it('the default template: a name property "Awesome template" and elements of four properties', () => {
    expect(DEFAULT_TEMPLATE[0]).to.deep.include({ property_i18n: 'name', defaultValue: 'Awesome template' });
    const element = DEFAULT_TEMPLATE[1] as { property_i18n: string; defaultValue: unknown; formEntityType: string; property_option_items?: { value: unknown }[] }[];
    expect(element.map((p) => p.property_i18n)).to.deep.equal(['name', 'dataType', 'formEntityType', 'defaultValue']);
    expect(element[0]!.defaultValue).to.equal('Awesome element');
    expect(element[3]!.defaultValue).to.equal('Awesome value');
    expect(element[1]!.formEntityType).to.equal('SELECT');
    expect(element[1]!.property_option_items!.map((o) => o.value)).to.deep.equal([...DATA_TYPES]);
    expect(element[2]!.property_option_items!.map((o) => o.value)).to.deep.equal([...FORM_CONTROL_KINDS]);
    expect(newBuilder()).to.deep.equal({ name: 'Awesome template', elements: [{ name: 'Awesome element', dataType: 'STRING', formEntityType: 'TEXT', defaultValue: 'Awesome value', options: [] }] });
  });

  const state: BuilderState = {
    name: 'Docs page',
    elements: [
      { name: 'order', dataType: 'NUMBER', formEntityType: 'TEXT', defaultValue: '3', options: [] },
      { name: 'tags', dataType: 'ARRAY', formEntityType: 'CHECKBOX', defaultValue: ['srt'], options: [{ label: 'SRT', value: 'srt' }, { label: 'HLS', value: 'hls' }] },
      { name: 'level', dataType: 'STRING', formEntityType: 'SELECT', defaultValue: 'basic', options: [{ label: 'Basic', value: 'basic' }] },
      { name: 'title', dataType: 'STRING', formEntityType: 'TEXT', defaultValue: 'A title', options: [] },
      { name: 'body', dataType: 'STRING', formEntityType: 'EDITOR', defaultValue: '<p>Hi</p>', options: [] },
      { name: 'published', dataType: 'BOOLEAN', formEntityType: 'CHECKBOX', defaultValue: true, options: [] },
    ],
  };

  it('a template is the name property and one property per element, valid for the API, and reads back the same', () => {
    const parts = templateParts(state);
    expect(problemsOf(EntryCreate, { entry_type: 'TEMPLATE', template: parts })).to.deep.equal([]);
    expect(parts[1]).to.deep.equal({ property_i18n: 'order', defaultValue: 3, dataType: 'NUMBER', formEntityType: 'TEXT' });
    expect(parts[2]!.defaultValue).to.deep.equal(['srt']);
    expect(builderFromTemplate(parts)).to.deep.equal({ ...state, elements: state.elements.map((e) => (e.name === 'order' ? { ...e, defaultValue: 3 } : e)) });
    expect(entryLabel({ _id: 't1', entry_type: 'TEMPLATE', template: parts })).to.equal('Docs page');
  });

  it('a material: the template reference, then the fields with values; labelled by the fourth property of its second part; readable by the public pages', () => {
    const fields = templateFields(templateParts(state));
    const parts = materialParts('t1', 'Docs page', fields, { order: '1', title: 'Getting started', body: '<p>Welcome</p>', tags: ['hls'], published: false, level: 'basic' });
    expect(problemsOf(EntryCreate, { entry_type: 'MATERIAL', template_id: 't1', category: 'TUTORIALS', url: '/how-to-use', template: parts })).to.deep.equal([]);
    expect(entryLabel({ _id: 'm1', entry_type: 'MATERIAL', template: parts })).to.equal('Getting started');
    expect(materialValues(parts)).to.deep.include({ order: 1, title: 'Getting started', tags: ['hls'], published: false });
    const entry = { _id: 'm1', entry_type: 'MATERIAL', template: parts, createdAt: '2026-01-01T00:00:00Z' };
    expect(entryProperties(entry)).to.include({ title: 'Getting started', body: '<p>Welcome</p>', order: 1 });
    expect(materialsFromEntries([entry])).to.deep.equal([{ id: 'm1', title: 'Getting started', description: '', bodyHtml: '<p>Welcome</p>', order: 1 }]);
  });
});
