import { expect } from 'chai';
import { pathOfField, textLabel } from './labels.js';

/** A stand-in for i18next's t with the English words of admin.json's pages.parts. */
const WORDS: Record<string, string> = {
  'pages.parts.title': 'Heading',
  'pages.parts.p': 'Paragraph',
  'pages.parts.note': 'Note',
  'pages.parts.other': 'Text',
  'pages.parts.label': 'Link text',
  'pages.parts.blocks': 'Block {{n}}',
  'pages.parts.ul': 'List item {{n}}',
  'pages.parts.ol': 'Numbered item {{n}}',
  'pages.parts.head': 'Table heading, column {{n}}',
  'pages.parts.row': 'Table, row {{row}}, column {{n}}',
  'pages.parts.steps': 'Step {{n}}',
  'pages.parts.item': 'Item {{n}}',
};
const t = (key: string, options: Record<string, unknown> = {}) => {
  const text = WORDS[key] ?? (options.defaultValue as string | undefined) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(options[name]));
};

describe('labels of a section’s texts', () => {
  it('words each path, never showing it', () => {
    expect(textLabel('title', t)).to.equal('Heading');
    expect(textLabel('blocks.2.p', t)).to.equal('Block 3 · Paragraph');
    expect(textLabel('blocks.0.ul.1', t)).to.equal('Block 1 · List item 2');
    expect(textLabel('blocks.1.table.head.0', t)).to.equal('Block 2 · Table heading, column 1');
    expect(textLabel('blocks.1.table.rows.0.2', t)).to.equal('Block 2 · Table, row 1, column 3');
    expect(textLabel('blocks.0.steps.1.title', t)).to.equal('Block 1 · Step 2 · Heading');
    expect(textLabel('0.label', t)).to.equal('Item 1 · Link text');
    expect(textLabel('items.3.bio', t)).to.equal('Item 4 · Text');
    expect(textLabel('vatNote', t)).to.equal('Text');
  });

  it('reads the text’s path back from a problem’s field', () => {
    expect(pathOfField('texts.title')).to.equal('title');
    expect(pathOfField('texts["blocks.0.p"]')).to.equal('blocks.0.p');
    expect(pathOfField('section')).to.equal(null);
  });
});
