import { expect } from 'chai';
import { ConferenceItem, RestreamItem, VodItem, problemsOf } from '@relaycast/contracts';
import { ENGINE_ACCESS_TOKEN_HEADER, VOD_DEFAULTS } from '@relaycast/contracts/constants';
import { CONFERENCE_CREATE, CONTINUOUS_VOD_CREATE, EXAMPLES, PPV_VOD_CREATE, RESTREAM_CREATE, VOD_CREATE } from './examples.js';

describe('documented engine request examples', () => {
  it("are valid against the contracts' engine schemas", () => {
    for (const item of [VOD_CREATE, PPV_VOD_CREATE, CONTINUOUS_VOD_CREATE]) expect(problemsOf(VodItem, item)).to.deep.equal([]);
    expect(problemsOf(RestreamItem, RESTREAM_CREATE)).to.deep.equal([]);
    expect(problemsOf(ConferenceItem, CONFERENCE_CREATE)).to.deep.equal([]);
  });

  it("use the seed's VOD defaults", () => {
    for (const key of ['hls_fragment_size', 'hls_fragment_length', 'dash_fragment_size', 'dash_fragment_length', 'initial_live_manifest_size', 'live_sync_duration_count'] as const) {
      expect(VOD_CREATE[key]).to.equal(VOD_DEFAULTS[key]);
    }
    expect(VOD_CREATE.transcoding).to.include({ output_video_bitrate: 6000, output_audio_bitrate: 128, sample_rate: 44100, force_key_frames: 2, preset: 'ultrafast' });
    expect(PPV_VOD_CREATE.pay_per_view_settings.type).to.equal('PAY_PER_VIEW_PAYPAL');
  });

  it('curl snippets POST to the seed engine paths with the x-access-token header and the JSON body', () => {
    const curl = (id: string) => EXAMPLES[id]?.samples.find((s) => s.label === 'cURL')?.code ?? '';
    expect(curl('vod-create')).to.match(/^curl -X POST "https:\/\/[^"]+\/api\/vod\/create"/);
    expect(curl('restream-create')).to.include('/api/restream/create').and.include('"Content-Type: application/json"');
    expect(curl('conference-create')).to.include('/api/conferences/create');
    for (const id of ['vod-create', 'restream-create', 'conference-create']) {
      expect(curl(id)).to.include(`-H "${ENGINE_ACCESS_TOKEN_HEADER}: $RELAYCAST_ACCESS_TOKEN"`);
      const body = /-d '(.*)'$/.exec(curl(id))?.[1];
      expect(JSON.parse(body ?? 'null')).to.be.an('object');
    }
    expect(JSON.parse(/-d '(.*)'$/.exec(curl('conference-create'))?.[1] ?? '')).to.deep.equal({ name: 'Weekly editorial meeting', active: true });
  });
});

describe('the home page request snippet', () => {
  it('is the documented conference request', async () => {
    const { CONFERENCE_CURL } = await import('../../ui/content/engineHost.js');
    expect(CONFERENCE_CURL).to.equal(EXAMPLES['conference-create']?.samples.find((s) => s.label === 'cURL')?.code.replace('  -H "accept: application/json" \\\n', ''));
  });
});
