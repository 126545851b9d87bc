#!/usr/bin/env bash
# Makes public/media/install-demo.mp4, the install page's looping demonstration (6 s, silent,
# about 10 KB): tap Share, choose "Add to Home Screen", Aurum is on the home screen.
# Drawn by ffmpeg alone (H.264 baseline, so every phone plays it); run again after changing it.
set -euo pipefail
cd "$(dirname "$0")/.."
font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
bold=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
page="lt(t,4)"
sheet="between(t,2.4,4)"
home="gte(t,4)"
filters=(
  "drawbox=x=36:y=16:w=288:h=608:color=0x1a1610:t=fill"
  "drawbox=x=36:y=16:w=288:h=608:color=0x8a826f:t=3"
  "drawbox=x=64:y=70:w=232:h=20:color=0x3a342a:t=fill:enable='$page'"
  "drawbox=x=64:y=106:w=168:h=20:color=0x3a342a:t=fill:enable='$page'"
  "drawbox=x=64:y=150:w=232:h=150:color=0x26211a:t=fill:enable='$page'"
  "drawbox=x=40:y=540:w=280:h=56:color=0x26211a:t=fill:enable='$page'"
  "drawtext=fontfile=$font:text='Share':fontcolor=0xe6b34a:fontsize=22:x=(w-text_w)/2:y=556:enable='$page'"
  "drawbox=x=140:y=536:w=80:h=64:color=0xe6b34a@0.35:t=fill:enable='between(t,0.8,1.6)'"
  "drawbox=x=56:y='max(300,640-(t-2)*900)':w=248:h=230:color=0x2e281f:t=fill:enable='between(t,2,4)'"
  "drawbox=x=72:y=330:w=140:h=16:color=0x8a826f@0.6:t=fill:enable='$sheet'"
  "drawbox=x=68:y=370:w=224:h=52:color=0xe6b34a@0.3:t=fill:enable='$sheet'"
  "drawbox=x=68:y=370:w=224:h=52:color=0xe6b34a:t=3:enable='$sheet'"
  "drawtext=fontfile=$font:text='Add to Home Screen':fontcolor=0xf5efe3:fontsize=18:x=88:y=387:enable='$sheet'"
  "drawbox=x=72:y=450:w=100:h=16:color=0x8a826f@0.6:t=fill:enable='$sheet'"
  "drawbox=x=68:y=370:w=224:h=52:color=0xffffff@0.25:t=fill:enable='between(t,3.2,3.6)'"
  "drawbox=x=140:y=240:w=80:h=80:color=0xe6b34a:t=fill:enable='$home'"
  "drawtext=fontfile=$bold:text='A':fontcolor=0x14110c:fontsize=48:x=(w-text_w)/2:y=252:enable='$home'"
  "drawtext=fontfile=$font:text='Aurum':fontcolor=0xf5efe3:fontsize=20:x=(w-text_w)/2:y=332:enable='$home'"
  "drawbox=x=68:y=240:w=48:h=48:color=0x3a342a:t=fill:enable='$home'"
  "drawbox=x=244:y=240:w=48:h=48:color=0x3a342a:t=fill:enable='$home'"
)
IFS=,
ffmpeg -y -hide_banner -loglevel error -f lavfi -i "color=c=0x0f0d0a:s=360x640:r=15:d=6" -vf "${filters[*]}" \
  -c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -crf 30 -preset veryslow -movflags +faststart -an \
  public/media/install-demo.mp4
