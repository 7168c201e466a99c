import { expect } from 'chai';
import { fileKind, fileSize } from './format.js';

describe('files page: sizes and kinds in words', () => {
  it('sizes in bytes, KB or MB, in the page’s language', () => {
    expect(fileSize(11, 'en')).to.equal('11 B');
    expect(fileSize(2048, 'en')).to.equal('2 KB');
    expect(fileSize(1536, 'ru')).to.equal('1,5 КБ');
    expect(fileSize(10 * 1024 * 1024, 'en')).to.equal('10 MB');
    expect(fileSize(3_460_300, 'ru')).to.equal('3,3 МБ');
  });

  it('kinds as their usual extension says them', () => {
    expect(['image/png', 'image/svg+xml', 'text/plain', 'text/markdown', 'application/pdf', 'video/mp4'].map(fileKind)).to.deep.equal(['PNG', 'SVG', 'TXT', 'MD', 'PDF', 'MP4']);
  });
});
