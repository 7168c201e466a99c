import { expect } from 'chai';
import { normaliseMailbox } from './mailbox.js';
import { claimKeys } from './index.js';

describe('normaliseMailbox (claim/mailbox.ts): one key per mailbox, for one trial per address', () => {
  it('lower case, spaces around trimmed', () => {
    expect(normaliseMailbox('  Alice@Example.COM ')).to.equal('alice@example.com');
  });

  it('a plus tag is dropped, on any domain', () => {
    expect(normaliseMailbox('alice+1@example.com')).to.equal('alice@example.com');
    expect(normaliseMailbox('alice+trial+2@example.org')).to.equal('alice@example.org');
    expect(normaliseMailbox('Alice+Work@GMAIL.com')).to.equal('alice@gmail.com');
  });

  it('Gmail: dots in the local part are dropped, googlemail.com is gmail.com', () => {
    expect(normaliseMailbox('a.lice@gmail.com')).to.equal('alice@gmail.com');
    expect(normaliseMailbox('a.l.i.c.e@googlemail.com')).to.equal('alice@gmail.com');
    expect(normaliseMailbox('alice@googlemail.com')).to.equal('alice@gmail.com');
    expect(normaliseMailbox('A.Lice+x@GoogleMail.com')).to.equal('alice@gmail.com');
  });

  it('dots elsewhere are kept: another provider may deliver a.lice and alice to two people', () => {
    expect(normaliseMailbox('a.lice@example.com')).to.equal('a.lice@example.com');
    expect(normaliseMailbox('a.lice@mail.gmail.com.example')).to.equal('a.lice@mail.gmail.com.example');
  });

  it('the domain in punycode: an internationalised domain and its ASCII form are one mailbox', () => {
    expect(normaliseMailbox('anna@bücher.example')).to.equal('anna@xn--bcher-kva.example');
    expect(normaliseMailbox('anna@XN--BCHER-KVA.example')).to.equal('anna@xn--bcher-kva.example');
    expect(normaliseMailbox('иван@почта.рф')).to.equal('иван@xn--80a1acny.xn--p1ai');
  });

  it('a trailing dot of the domain (the DNS root) is dropped', () => {
    expect(normaliseMailbox('alice@example.com.')).to.equal('alice@example.com');
  });

  it('what is not an address is only trimmed and lower-cased; a local part that is only a tag is kept', () => {
    expect(normaliseMailbox(' NoAt ')).to.equal('noat');
    expect(normaliseMailbox('+tag@example.com')).to.equal('+tag@example.com');
    expect(normaliseMailbox('...@gmail.com')).to.equal('...@gmail.com');
  });

  it('the trial address claim is keyed by the mailbox: every alias of one mailbox is one claim stream', () => {
    const key = claimKeys.trialAddress('alice@gmail.com');
    for (const alias of ['alice+1@gmail.com', 'a.lice@gmail.com', 'alice@googlemail.com', 'ALICE@gmail.com ']) expect(claimKeys.trialAddress(alias), alias).to.equal(key);
    // sha256("alice@gmail.com") (sha256sum): the key claims of addresses already normal had before.
    expect(key).to.equal('trial-address-0beaac69d53e38d275aadd405b7f414dee8c268979fdcd8381ce1434328f91de');
    expect(claimKeys.trialAddress('bob@example.com')).to.not.equal(key);
  });
});
