#!/usr/bin/env bash
# Renders each product's promo video (public/media/<slug>.webm, VP9) from its own SVG illustrations:
# the poster, the cover and the three feature pictures, with slow zooms and transitions. Needs ffmpeg with
# librsvg (Debian's ffmpeg has it). Run after scripts/illustrations.mjs; the output is committed.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p public/media
W=960; H=540
still() { # input index, zoom speed -> filter chain producing a 960x540 clip
  echo "[$1]scale=-2:$H,pad=$W:$H:(ow-iw)/2:0:color=0xeef3ff,zoompan=z='1+$2*on':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=${W}x$H:fps=25,setsar=1[v$1]"
}
for slug in multi-streaming video-on-demand pay-per-view-streaming continuous-streaming video-conferencing video-api; do
  dir=public/img/products/$slug
  filter="[0]scale=$W:$H,zoompan=z='1+0.0008*on':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=${W}x$H:fps=25,setsar=1[v0];"
  filter+="[1]scale=$W:-2,crop=$W:$H,zoompan=z='1+0.0015*on':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=${W}x$H:fps=25,setsar=1[v1];"
  filter+="$(still 2 0.001);$(still 3 0.001);$(still 4 0.001);"
  filter+="[v0][v1]xfade=transition=fade:duration=0.6:offset=2.4[x1];[x1][v2]xfade=transition=fade:duration=0.6:offset=5.3[x2];"
  filter+="[x2][v3]xfade=transition=slideleft:duration=0.6:offset=7.7[x3];[x3][v4]xfade=transition=fade:duration=0.6:offset=10.1,format=yuv420p[v]"
  inputs=(-loop 1 -t 3 -i "$dir/poster.svg" -loop 1 -t 3.5 -i "$dir/cover.svg" -loop 1 -t 3 -i "$dir/feature-1.svg" -loop 1 -t 3 -i "$dir/feature-2.svg" -loop 1 -t 3 -i "$dir/feature-3.svg")
  ffmpeg -hide_banner -loglevel error -y "${inputs[@]}" -filter_complex "$filter" -map "[v]" \
    -c:v libvpx-vp9 -b:v 0 -crf 44 -row-mt 1 -deadline good -cpu-used 4 "public/media/$slug.webm"
  echo "$slug: $(du -k public/media/$slug.webm | cut -f1) KB"
done
