import { expect } from 'chai';
import { DATA_TYPES, FORM_CONTROL_KINDS } from '@relaycast/contracts/constants';
import { problemsOf, EntryCreate } from '@relaycast/contracts';
import { entryProperties } from '../../ui/content/materials.js';
import { builderFromTemplate, changeElement, coerceValue, DEFAULT_TEMPLATE, newElement, entryLabel, materialParts, materialValues, newBuilder, templateFields, templateParts, type BuilderState } from './model.js';

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
    // A fourth property that is a checkbox or a number is no name: the first text stands in ("true" was listed once).
    const checkboxFourth = [parts[0], [{ property_i18n: 'a', defaultValue: 1, dataType: 'NUMBER', formEntityType: 'NUMBER' }, { property_i18n: 'b', defaultValue: 'Pricing FAQ', dataType: 'STRING', formEntityType: 'TEXT' }, { property_i18n: 'c', defaultValue: 2, dataType: 'NUMBER', formEntityType: 'NUMBER' }, { property_i18n: 'd', defaultValue: true, dataType: 'BOOLEAN', formEntityType: 'CHECKBOX' }]];
    expect(entryLabel({ _id: 'm2', entry_type: 'MATERIAL', template: checkboxFourth })).to.equal('Pricing FAQ');
    expect(materialValues(parts)).to.deep.include({ order: 1, title: 'Getting started', tags: ['hls'], published: false });
    const entry = { _id: 'm1', entry_type: 'MATERIAL', template: parts, createdAt: '2026-01-01T00:00:00Z' };
    expect(entryProperties(entry)).to.include({ title: 'Getting started', body: '<p>Welcome</p>', order: 1 });
  });

  it('an element whose kind changes keeps only a default its new control can show', () => {
    const element = newElement();
    // The text default is no file, no choice and no entry: the new control starts empty instead of storing it.
    expect(changeElement(element, { formEntityType: 'FILE_UPLOAD' }).defaultValue).to.equal('');
    expect(changeElement(element, { formEntityType: 'SELECT' }).defaultValue).to.equal('');
    expect(changeElement(element, { formEntityType: 'RADIO' }).defaultValue).to.equal('');
    expect(changeElement(element, { formEntityType: 'SELECT_OBJECT', dataType: 'TEMPLATE' }).defaultValue).to.equal('');
    // Text controls carry the text over.
    expect(changeElement(element, { formEntityType: 'TEXTAREA' }).defaultValue).to.equal('Awesome value');
    // A chosen entry survives a change of name, not a change between templates and materials.
    const linked = { ...element, formEntityType: 'SELECT_OBJECT' as const, dataType: 'TEMPLATE' as const, defaultValue: 'tpl-1' };
    expect(changeElement(linked, { name: 'related' }).defaultValue).to.equal('tpl-1');
    expect(changeElement(linked, { dataType: 'MATERIAL' }).defaultValue).to.equal('');
    // A choice stays while it is an option, and goes when its option does.
    const options = [{ label: 'One', value: '1' }, { label: 'Two', value: '2' }];
    const select = { ...element, formEntityType: 'SELECT' as const, dataType: 'NUMBER' as const, options, defaultValue: 2 };
    expect(changeElement(select, { options: [...options, { label: 'Three', value: '3' }] }).defaultValue).to.equal(2);
    expect(changeElement(select, { options: options.slice(0, 1) }).defaultValue).to.equal(null);
  });

  it('values are coerced to what their control holds: uploaded file URLs, option values, option subsets', () => {
    expect(coerceValue('/files/abc/cover%20notes.txt', 'STRING', 'FILE_UPLOAD')).to.equal('/files/abc/cover%20notes.txt');
    expect(coerceValue('Awesome value', 'STRING', 'FILE_UPLOAD')).to.equal('');
    expect(coerceValue('javascript:alert(1)', 'STRING', 'FILE_UPLOAD')).to.equal('');
    const options = [{ label: 'SRT', value: 'srt' }, { label: 'HLS', value: 'hls' }];
    expect(coerceValue(['srt', 'rtmp'], 'ARRAY', 'CHECKBOX', options)).to.deep.equal(['srt']);
    expect(coerceValue('hls', 'STRING', 'RADIO', options)).to.equal('hls');
    expect(coerceValue('rtmp', 'STRING', 'RADIO', options)).to.equal('');
    expect(coerceValue('', 'STRING', 'SELECT', [])).to.equal('');
  });
});
